/**
 * A hostile client for the connection tests, run as its own process (`node --import tsx`) so that
 * its sockets count against its own descriptor limit, not the test runner's: opens COUNT
 * connections from LOCAL_ADDRESS to HOST:PORT, each sending the start of a request and then one
 * header byte every second, never finishing. Prints `ready <open>` once every connection has been
 * attempted and the server had a moment to close those it refuses; runs until killed.
 */
import net from 'node:net'

const { HOST = '127.0.0.1', PORT = '', COUNT = '1', LOCAL_ADDRESS = '127.0.0.2' } = process.env
let open = 0
let settled = 0
const total = Number(COUNT)

function attack(): void {
  const socket = net.connect({ host: HOST, port: Number(PORT), localAddress: LOCAL_ADDRESS })
  let counted = false
  const settle = () => {
    settled += 1
    if (settled === total) setTimeout(() => console.log(`ready ${open}`), 500)
  }
  socket.on('connect', () => {
    open += 1
    counted = true
    settle()
    socket.write('POST /api/leads HTTP/1.1\r\nHost: relay\r\nX-Slow: ')
    const drip = setInterval(() => socket.write('a'), 1_000)
    socket.once('close', () => clearInterval(drip))
  })
  socket.on('error', () => {})
  socket.on('close', () => {
    if (counted) open -= 1
    else settle()
  })
}

for (let index = 0; index < total; index += 1) attack()
