// A response body streamed from an async generator of parts, text or bytes (exports of any size),
// with both failure modes made honest (docs/decisions/012-input-guard.md):
// - before the first byte: the first part is read before the route answers, so a failing first
//   query throws into the app's one error handler (JSON error shape, security headers, no SQL);
// - after the first byte: the status is already sent, so the connection is cut without the
//   final chunk. The client sees a failed download, never a short file that looks complete, and the
//   cause goes to the log only.
import type { Context } from 'hono'
import type { Logger } from './logger.js'

/** What the stream fails with part way; its message is all a client could ever read. */
class StreamAbortedError extends Error {
  constructor() {
    super('The download failed part way; the file is incomplete.')
    this.name = 'StreamAbortedError'
  }
}

/** The Node response under a Hono context, when the app runs on @hono/node-server. */
function nodeResponse(c: Context): { destroy(): void } | undefined {
  const env = c.env as { outgoing?: { destroy?: unknown } } | undefined
  const outgoing = env?.outgoing
  return outgoing && typeof outgoing.destroy === 'function'
    ? (outgoing as { destroy(): void })
    : undefined
}

/**
 * Reads the first part (errors propagate to the caller), then returns a stream of the rest that
 * pulls the next part only when the client has taken the last.
 */
export async function streamedBody(
  c: Context,
  parts: AsyncGenerator<string | Uint8Array>,
  logger: Logger,
): Promise<ReadableStream<Uint8Array>> {
  const encoder = new TextEncoder()
  // Text parts (a CSV) are encoded here; bytes (an archive) go as they are.
  const bytes = (part: string | Uint8Array) =>
    typeof part === 'string' ? encoder.encode(part) : part
  const first = await parts.next()
  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (first.done) controller.close()
      else controller.enqueue(bytes(first.value))
    },
    async pull(controller) {
      try {
        const next = await parts.next()
        if (next.done) controller.close()
        else controller.enqueue(bytes(next.value))
      } catch (error) {
        logger.error({ err: error }, 'a streamed download failed part way')
        // Cut the connection first: whatever the server adapter writes after this is never sent.
        nodeResponse(c)?.destroy()
        controller.error(new StreamAbortedError())
      }
    },
    async cancel() {
      await parts.return(undefined)
    },
  })
}
