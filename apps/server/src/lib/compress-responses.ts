// JSON and CSV answers of /api compressed on the fly once they reach 1 KB, brotli or gzip as the
// client accepts (docs/decisions/019-compressed-assets-and-preloading.md). The body is read only
// up to the threshold before deciding, and the rest flows through the compressor part by part,
// flushed after each, so a streamed export keeps streaming and a failure part way still cuts the
// connection (lib/streamed-body.ts). /auth/v1 is left out on purpose: its answers carry tokens.
import zlib from 'node:zlib'
import type { MiddlewareHandler } from 'hono'
import { chooseContentCoding, varyOnAcceptEncoding, type ContentCoding } from './content-coding.js'

const COMPRESS_THRESHOLD_BYTES = 1024
const COMPRESSIBLE = /^\s*(application\/json|text\/csv)\b/i

function compressor(coding: ContentCoding): zlib.BrotliCompress | zlib.Gzip {
  return coding === 'br'
    ? // Quality 4: most of brotli's gain at the cost of gzip (the build uses 11 for its files).
      zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
    : zlib.createGzip()
}

/** A web transform over node:zlib that flushes after every chunk it is given. */
function compressionStream(coding: ContentCoding): TransformStream<Uint8Array, Uint8Array> {
  const zip = compressor(coding)
  let output: TransformStreamDefaultController<Uint8Array> | undefined
  zip.on('data', (chunk: Buffer) => {
    try {
      output?.enqueue(new Uint8Array(chunk))
    } catch {
      // The stream failed or the client left: nothing more will be read.
      zip.destroy()
    }
  })
  return new TransformStream({
    start(controller) {
      output = controller
    },
    transform(chunk) {
      return new Promise<void>((resolve, reject) => {
        zip.write(chunk, (error) => (error ? reject(error) : zip.flush(() => resolve())))
      })
    },
    flush() {
      return new Promise<void>((resolve, reject) => {
        zip.once('end', resolve).once('error', reject).end()
      })
    },
  })
}

/** Reads chunks until at least `limit` bytes arrived or the body ended. */
async function readHead(reader: ReadableStreamDefaultReader<Uint8Array>, limit: number) {
  const chunks: Uint8Array[] = []
  let size = 0
  while (size < limit) {
    const { done, value } = await reader.read()
    if (done) return { chunks, size, done: true }
    chunks.push(value)
    size += value.byteLength
  }
  return { chunks, size, done: false }
}

/** The chunks already read, then whatever the reader still holds, pulled as the client reads. */
function rejoin(head: Uint8Array[], reader: ReadableStreamDefaultReader<Uint8Array>) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of head) controller.enqueue(chunk)
    },
    async pull(controller) {
      const { done, value } = await reader.read()
      if (done) controller.close()
      else controller.enqueue(value)
    },
    cancel: (reason) => reader.cancel(reason),
  })
}

export function compressResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    // The headers first: reading c.res.body would copy a plain JSON answer into a stream even when
    // the client asked for no compression (issue 19 item 4).
    const headers = c.res.headers
    if (
      c.req.method === 'HEAD' ||
      headers.has('Content-Encoding') ||
      !COMPRESSIBLE.test(headers.get('Content-Type') ?? '') ||
      /no-transform/i.test(headers.get('Cache-Control') ?? '')
    ) {
      return
    }
    varyOnAcceptEncoding(headers)
    const coding = chooseContentCoding(c.req.header('Accept-Encoding'))
    if (!coding || !c.res.body) return
    const reader = c.res.body.getReader()
    const head = await readHead(reader, COMPRESS_THRESHOLD_BYTES)
    if (head.done && head.size < COMPRESS_THRESHOLD_BYTES) {
      c.res = new Response(Buffer.concat(head.chunks), c.res)
      c.res.headers.set('Content-Length', String(head.size))
      return
    }
    c.res = new Response(rejoin(head.chunks, reader).pipeThrough(compressionStream(coding)), c.res)
    c.res.headers.delete('Content-Length')
    c.res.headers.set('Content-Encoding', coding)
  }
}
