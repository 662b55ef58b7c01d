// A pino logger that keeps its lines, so tests can assert that every fallback is logged.
import { pino } from 'pino'

export function captureLogs() {
  const lines: Record<string, unknown>[] = []
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  )
  return { logger, lines }
}
