// Issue 14 item 2: no SQL in any answer. A streamed export that fails before its first byte answers
// through the one error handler; one that fails part way is cut off, never a short file that looks
// complete, and never with the error's text in the body.
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../testing/app.js'
import { createOwner, seedBacklinks } from '../testing/backlink-owners.js'
import { streamedBody } from './streamed-body.js'

const SECRET = 'select * from backlinks where business_id = 42'

async function* failingAfter(parts: string[]): AsyncGenerator<string> {
  for (const part of parts) yield await Promise.resolve(part)
  throw new Error(SECRET)
}

describe('a streamed body on a real server', () => {
  let url = ''
  let close: () => void = () => {}

  beforeAll(async () => {
    const logger = pino({ level: 'silent' })
    const app = new Hono()
      .get('/fails-first', async (c) => c.body(await streamedBody(c, failingAfter([]), logger)))
      .get('/fails-later', async (c) =>
        c.body(await streamedBody(c, failingAfter(['a,b\n', 'c,d\n'.repeat(20_000)]), logger)),
      )
      .onError((_, c) => c.json({ error: { code: 'internal_error' } }, 500))
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise<void>((resolve) => server.once('listening', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    close = () => server.close()
  })
  afterAll(() => close())

  test('a failure before the first byte goes to the error handler', async () => {
    const res = await fetch(`${url}/fails-first`)
    expect(res.status).toBe(500)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({ error: { code: 'internal_error' } })
    expect(text).not.toContain('business_id')
  })

  test('a failure part way cuts the connection: the client sees a failed download', async () => {
    const res = await fetch(`${url}/fails-later`)
    expect(res.status).toBe(200)
    let received = ''
    const reader = (res.body as ReadableStream<Uint8Array>).getReader()
    const decoder = new TextDecoder()
    const outcome = await (async () => {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return 'complete'
        received += decoder.decode(value, { stream: true })
      }
    })().catch(() => 'aborted')
    expect(outcome).toBe('aborted')
    // Whatever arrived is a prefix of the real file: nothing else was written into it.
    expect(`a,b\n${'c,d\n'.repeat(20_000)}`.startsWith(received)).toBe(true)
  })
})

describe('GET /api/backlinks/export when the database fails', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  test('answers the one error shape with the security headers, and no SQL', async () => {
    const owner = await createOwner(t, { email: 'export-fails@example.com' })
    await seedBacklinks(t, owner.businessId, [{ domain: 'one.example' }])
    // Something the export reads is gone: its first query fails. The column comes back after, as
    // the worker's next tests share this database (docs/decisions/003-test-databases.md).
    await t.db.execute(sql`alter table backlinks rename column anchor_text to anchor_text_gone`)
    let res: Response
    try {
      res = await t.app.request('/api/backlinks/export', {
        headers: { authorization: `Bearer ${owner.token}` },
      })
    } finally {
      await t.db.execute(sql`alter table backlinks rename column anchor_text_gone to anchor_text`)
    }
    expect(res.status).toBe(500)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    expect(res.headers.get('content-security-policy')).toBeTruthy()
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong on our side.' },
    })
    expect(text).not.toMatch(/anchor_text|select|business_id/i)
    expect(text).not.toContain(owner.businessId)
  })
})
