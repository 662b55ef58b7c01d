// Reading a fetched body safely: decoded (gzip, deflate, br) and cut at a byte cap, the socket
// dropped as soon as the cap is passed, so a compression bomb costs at most the cap.
import type { Readable } from 'node:stream'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import { FetchTooLargeError } from './fetch-errors.js'

export function flattenHeaders(raw: Record<string, string | string[] | undefined>) {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
  }
  return headers
}

function decoder(encoding: string | undefined) {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip()
    case 'deflate':
      return createInflate()
    case 'br':
      return createBrotliDecompress()
    default:
      return undefined
  }
}

/** Reads at most `maxBytes` decoded bytes; the socket is dropped as soon as the cap is passed. */
export async function readCapped(
  body: Readable,
  encoding: string | undefined,
  maxBytes: number,
  truncate: boolean,
  url: string,
): Promise<{ body: Buffer; truncated: boolean }> {
  const decode = decoder(encoding)
  const source: Readable = decode ? body.pipe(decode) : body
  if (decode) body.on('error', (error) => decode.destroy(error))
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      if (size + chunk.length > maxBytes) {
        if (!truncate)
          throw new FetchTooLargeError(`The body is larger than ${maxBytes} bytes`, url)
        chunks.push(chunk.subarray(0, maxBytes - size))
        return { body: Buffer.concat(chunks), truncated: true }
      }
      chunks.push(chunk)
      size += chunk.length
    }
  } finally {
    body.destroy()
    decode?.destroy()
  }
  return { body: Buffer.concat(chunks), truncated: false }
}
