import { Hono } from 'hono'
import { describe, expect, test } from 'vitest'
import { watchedResponse } from '../testing/watched-response.js'
import { noStore } from './no-store.js'

describe('noStore', () => {
  test('marks the response no-store without copying it', async () => {
    const { response, seen } = watchedResponse('{"ok":true}', {
      headers: { 'content-type': 'application/json' },
    })
    const app = new Hono().use('*', noStore()).get('/', () => response)
    const res = await app.request('/')
    // The handler's own response goes out, its body never asked for: hono's c.header() would have
    // copied it, which on the Node adapter means into a stream.
    expect(res).toBe(response)
    expect(seen.bodyRead).toBe(false)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual({ ok: true })
  })

  test("keeps a route's own policy", async () => {
    const app = new Hono()
      .use('*', noStore())
      .get('/', (c) => c.json({}, 200, { 'Cache-Control': 'public, max-age=600' }))
    const res = await app.request('/')
    expect(res.headers.get('cache-control')).toBe('public, max-age=600')
  })
})
