// A logger that keeps every line at trace level, for tests that prove a secret is never logged.
import { Writable } from 'node:stream'
import { pino } from 'pino'

export function traceLogger() {
  const lines: string[] = []
  const logger = pino(
    { level: 'trace' },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk))
        done()
      },
    }),
  )
  return { logger, lines }
}
