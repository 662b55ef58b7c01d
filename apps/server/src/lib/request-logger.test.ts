import { Hono } from 'hono'
import { requestId } from 'hono/request-id'
import { describe, expect, test } from 'vitest'
import { pino } from 'pino'
import { requestLogger } from './request-logger.js'

const app = new Hono()
  .use('*', requestId())
  .use('*', requestLogger(pino({ level: 'silent' })))
  .get('/api/slow', async (c) => {
    await new Promise((resolve) => setTimeout(resolve, 30))
    return c.json({ ok: true })
  })
  .get('/page', (c) => c.text('page'))

describe('requestLogger', () => {
  test("names a data request's time in the server in Server-Timing", async () => {
    const res = await app.request('/api/slow')
    const match = /^app;dur=(\d+(?:\.\d)?)$/.exec(res.headers.get('server-timing') ?? '')
    expect(match).not.toBeNull()
    expect(Number(match?.[1])).toBeGreaterThanOrEqual(29)
    expect(await res.json()).toEqual({ ok: true })
  })

  test('leaves pages and files without it', async () => {
    const res = await app.request('/page')
    expect(res.headers.get('server-timing')).toBeNull()
  })
})
