import { Hono } from 'hono'
import { describe, expect, test } from 'vitest'
import { limitBody } from './body-limit.js'

const app = new Hono()
  .use('*', limitBody({ maxSize: 10, onError: (c) => c.text('too large', 413) }))
  .all('/', (c) => c.text('ok'))

/** The request, noting whether anything read its body stream. */
function watched(init: RequestInit) {
  const seen = { bodyRead: false }
  const request = new Request('http://localhost/', init)
  const proxy = new Proxy(request, {
    get(target, prop) {
      if (prop === 'body') seen.bodyRead = true
      const value = Reflect.get(target, prop, target) as unknown
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value
    },
  })
  return { request: proxy, seen }
}

describe('limitBody', () => {
  test('a GET is let through without its body being looked at', async () => {
    const { request, seen } = watched({ method: 'GET' })
    const res = await app.fetch(request)
    expect(res.status).toBe(200)
    expect(seen.bodyRead).toBe(false)
  })

  test('a body over the limit is still refused', async () => {
    const res = await app.request('/', { method: 'POST', body: 'x'.repeat(11) })
    expect(res.status).toBe(413)
    expect((await app.request('/', { method: 'PUT', body: 'x'.repeat(5) })).status).toBe(200)
  })
})
