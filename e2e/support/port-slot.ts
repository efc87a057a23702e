/**
 * A block of ports for one browser-test run, claimed so that no other run on the machine takes it
 * while this one lives: a claim is a file, in the system's temporary folder, holding the id of the
 * claiming process, so a run that ended (even killed) frees its slot for the next.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** Below 32768, where Linux starts handing out ports to outgoing connections. */
export const firstPort = 20_000
export const portsPerSlot = 10
export const slotCount = 50
const claims = path.join(os.tmpdir(), 'assurance-emprunteur-e2e-slots')

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function claimant(slot: number): number {
  try {
    return Number(readFileSync(path.join(claims, String(slot)), 'utf8')) || 0
  } catch {
    return 0
  }
}

/**
 * Whether every port of the slot can be listened on right now. Tried in a child process: the
 * configuration is read synchronously, and listening is not.
 */
function portsAreFree(slot: number): boolean {
  const ports = Array.from({ length: portsPerSlot }, (_, i) => firstPort + slot * portsPerSlot + i)
  const probe = `
    const net = require('node:net')
    const tries = JSON.parse(process.argv[1]).map((port) => new Promise((settle) => {
      const server = net.createServer()
      server.once('error', () => settle(null))
      server.listen(port, '127.0.0.1', () => settle(server))
    }))
    Promise.all(tries).then((servers) => {
      for (const server of servers) server?.close()
      process.stdout.write(servers.every(Boolean) ? 'free' : 'busy')
    })`
  return (
    execFileSync(process.execPath, ['-e', probe, JSON.stringify(ports)], {
      encoding: 'utf8',
    }) === 'free'
  )
}

/** A slot no live run holds and whose ports are free, claimed for this process. */
export function claimPortSlot(): number {
  mkdirSync(claims, { recursive: true })
  // Lowest first: runs come back to the same few slots, and so to the same few build folders.
  for (let slot = 0; slot < slotCount; slot++) {
    const holder = claimant(slot)
    if (holder && isRunning(holder)) continue
    rmSync(path.join(claims, String(slot)), { force: true })
    try {
      // 'wx' fails when another run created the file since: only one of them gets the slot.
      writeFileSync(path.join(claims, String(slot)), String(process.pid), { flag: 'wx' })
    } catch {
      continue
    }
    // Another run that found the same stale claim may have replaced ours meanwhile: then it is theirs.
    if (portsAreFree(slot) && claimant(slot) === process.pid) return slot
    if (claimant(slot) === process.pid) rmSync(path.join(claims, String(slot)), { force: true })
  }
  throw new Error(
    `No free block of ${portsPerSlot} ports for the browser tests (each of the ${slotCount} slots is held by another run or busy).`,
  )
}
