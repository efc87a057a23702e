/**
 * The back-office's home-screen icons and notification badge, drawn here at build time: a white
 * ring with an amber dot (a notification waiting) on the header's blue. Our own artwork, no file
 * to keep in step with the colours, and no image library: a PNG is a few zlib-compressed rows.
 */
import { crc32, deflateSync } from 'node:zlib'

type Rgba = readonly [number, number, number, number]

const blue: Rgba = [0x1d, 0x4e, 0xd8, 255]
const white: Rgba = [255, 255, 255, 255]
const amber: Rgba = [0xf5, 0x9e, 0x0b, 255]

/** What covers the point (x, y) of the unit square, topmost last; `undefined` for nothing. */
type Shape = (x: number, y: number) => Rgba | undefined

const ring =
  (colour: Rgba): Shape =>
  (x, y) => {
    const distance = Math.hypot(x - 0.47, y - 0.53)
    return distance > 0.2 && distance < 0.29 ? colour : undefined
  }
const dot =
  (colour: Rgba): Shape =>
  (x, y) =>
    Math.hypot(x - 0.68, y - 0.32) < 0.11 ? colour : undefined

/** The rounded square of an ordinary icon; a maskable one fills the square, the phone cuts it. */
function background(rounded: boolean): Shape {
  const radius = 0.2
  return (x, y) => {
    if (!rounded) return blue
    const dx = Math.max(radius - x, 0, x - (1 - radius))
    const dy = Math.max(radius - y, 0, y - (1 - radius))
    return Math.hypot(dx, dy) <= radius ? blue : undefined
  }
}

/** Shapes are drawn smaller on a maskable icon, inside the circle every phone's mask keeps. */
const scaled =
  (shape: Shape, factor: number): Shape =>
  (x, y) =>
    shape(0.5 + (x - 0.5) / factor, 0.5 + (y - 0.5) / factor)

/** Sixteen samples a pixel, so that the curves' edges are smooth. */
function draw(size: number, shapes: readonly Shape[]): Buffer {
  const samples = 4
  const rows = Buffer.alloc(size * (1 + size * 4))
  for (let row = 0; row < size; row += 1) {
    const start = row * (1 + size * 4)
    rows[start] = 0
    for (let column = 0; column < size; column += 1) {
      let [red, green, blue, alpha] = [0, 0, 0, 0]
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const x = (column + (sx + 0.5) / samples) / size
          const y = (row + (sy + 0.5) / samples) / size
          let colour: Rgba | undefined
          for (const shape of shapes) colour = shape(x, y) ?? colour
          if (!colour) continue
          red += colour[0]
          green += colour[1]
          blue += colour[2]
          alpha += colour[3]
        }
      }
      // Colours averaged over the covered samples only, so that edges do not darken.
      const covered = alpha / 255
      const average = (sum: number) => (covered ? Math.round(sum / covered) : 0)
      rows.set(
        [average(red), average(green), average(blue), Math.round(alpha / samples ** 2)],
        start + 1 + column * 4,
      )
    }
  }
  return png(size, rows)
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'ascii')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

/** An 8-bit RGBA PNG of `rows` (each one a filter byte, 0, then its pixels). */
function png(size: number, rows: Buffer): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 6, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

export function appIcon(size: number, purpose: 'any' | 'maskable'): Buffer {
  const factor = purpose === 'maskable' ? 0.8 : 1
  return draw(size, [
    background(purpose === 'any'),
    scaled(ring(white), factor),
    scaled(dot(amber), factor),
  ])
}

/** Android keeps only the badge's alpha: the same ring and dot, white on nothing. */
export function notificationBadgeIcon(size: number): Buffer {
  return draw(size, [ring(white), dot(white)])
}
