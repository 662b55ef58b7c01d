import { pino, type Logger } from 'pino'
import { PinoPretty } from 'pino-pretty'
import type { Env } from '../env.js'

export type { Logger }

/** The fields of requestLogger's line (request-logger.ts), folded into its message when read in a terminal. */
const requestFields = ['reqId', 'method', 'path', 'status', 'ms'] as const

/**
 * How the log reads: one readable line per event in a terminal while developing (`npm start`,
 * `npm run dev`), JSON lines when piped to a file or a collector, and always in production.
 */
export function logFormat(
  env: Pick<Env, 'NODE_ENV'>,
  isTTY: boolean | undefined = process.stdout.isTTY,
): 'pretty' | 'json' {
  return env.NODE_ENV !== 'production' && isTTY === true ? 'pretty' : 'json'
}

/** 'GET /api/v1/business 200 7.9 ms' for a request; any other event keeps its own message. */
export function readableMessage(log: Record<string, unknown>, messageKey: string): string {
  if (log[messageKey] === 'request' && typeof log.method === 'string') {
    return `${log.method} ${String(log.path)} ${String(log.status)} ${String(log.ms)} ms`
  }
  const message = log[messageKey]
  return typeof message === 'string' ? message : ''
}

export function createLogger(
  env: Pick<Env, 'LOG_LEVEL' | 'NODE_ENV'>,
  output: { isTTY?: boolean; destination?: NodeJS.WritableStream } = process.stdout,
): Logger {
  const destination = output.destination ?? process.stdout
  const options = {
    level: env.LOG_LEVEL,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.refresh_token'],
      censor: '[redacted]',
    },
  }
  if (logFormat(env, output.isTTY) === 'json') return pino(options, destination)
  // In-process rather than as a transport: a transport runs in a worker thread, which cannot take
  // the messageFormat function.
  return pino(
    options,
    PinoPretty({
      colorize: true,
      singleLine: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: ['pid', 'hostname', ...requestFields].join(','),
      messageFormat: readableMessage,
      destination,
    }),
  )
}
