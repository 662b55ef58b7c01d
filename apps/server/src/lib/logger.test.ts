import { PassThrough } from 'node:stream'
import { stripVTControlCharacters } from 'node:util'
import { describe, expect, it } from 'vitest'
import { createLogger, logFormat, readableMessage } from './logger.js'

describe('logFormat', () => {
  it('reads as lines in a terminal, as JSON when piped or in production', () => {
    expect(logFormat({ NODE_ENV: 'development' }, true)).toBe('pretty')
    expect(logFormat({ NODE_ENV: 'development' }, false)).toBe('json')
    expect(logFormat({ NODE_ENV: 'development' }, undefined)).toBe('json')
    expect(logFormat({ NODE_ENV: 'production' }, true)).toBe('json')
  })
})

describe('readableMessage', () => {
  it("folds a request's fields into its line and leaves other messages alone", () => {
    const request = {
      msg: 'request',
      reqId: 'r1',
      method: 'GET',
      path: '/healthz',
      status: 200,
      ms: 3.4,
    }
    expect(readableMessage(request, 'msg')).toBe('GET /healthz 200 3.4 ms')
    expect(readableMessage({ msg: 'LocalSEO AI is listening' }, 'msg')).toBe(
      'LocalSEO AI is listening',
    )
  })
})

function written(isTTY: boolean, NODE_ENV: 'development' | 'production' = 'development') {
  const destination = new PassThrough()
  let text = ''
  destination.on('data', (chunk: Buffer) => (text += chunk.toString()))
  const logger = createLogger({ LOG_LEVEL: 'info', NODE_ENV }, { isTTY, destination })
  logger
    .child({ reqId: 'r1' })
    .info({ method: 'GET', path: '/healthz', status: 200, ms: 3.4 }, 'request')
  logger.info({ url: 'http://127.0.0.1:3000' }, 'LocalSEO AI is listening')
  return () => stripVTControlCharacters(text)
}

describe('createLogger', () => {
  it('prints one readable line per event in a terminal', async () => {
    const text = written(true)
    await new Promise((resolve) => setImmediate(resolve))
    const lines = text().trimEnd().split('\n')
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/healthz 200 3\.4 ms$/)
    expect(lines[1]).toMatch(
      /INFO: LocalSEO AI is listening \{"url":"http:\/\/127\.0\.0\.1:3000"\}$/,
    )
  })

  it('writes JSON lines when piped and in production', async () => {
    for (const [isTTY, env] of [
      [false, 'development'],
      [true, 'production'],
    ] as const) {
      const text = written(isTTY, env)
      await new Promise((resolve) => setImmediate(resolve))
      const lines = text()
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>)
      expect(lines[0]).toMatchObject({ msg: 'request', reqId: 'r1', method: 'GET', status: 200 })
      expect(lines[1]).toMatchObject({ msg: 'LocalSEO AI is listening' })
    }
  })
})
