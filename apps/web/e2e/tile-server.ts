// A tiny map tile server on 127.0.0.1 for the geo-grid journey (issue 17): tiles are loaded only
// from the host the CSP allows.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { deflateSync } from 'node:zlib'

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Buffer): number {
  let c = 0xffffffff
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A 256x256 PNG tile in one light colour, with a darker grid line on its edges. */
function tilePng(): Buffer {
  const size = 256
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const rows = Buffer.alloc(size * (1 + size * 3))
  for (let y = 0; y < size; y++) {
    rows[y * (1 + size * 3)] = 0
    for (let x = 0; x < size; x++) {
      const edge = x === 0 || y === 0
      const at = y * (1 + size * 3) + 1 + x * 3
      rows.set(edge ? [200, 205, 210] : [236, 240, 232], at)
    }
  }
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

export async function startTileServer() {
  const png = tilePng()
  let count = 0
  const server: Server = createServer((request, response) => {
    count++
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '')) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'Content-Type': 'image/png', 'Cache-Control': 'no-store' })
    response.end(png)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    requests: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
