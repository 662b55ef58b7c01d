import { Hono } from 'hono'
import { describe, expect, test } from 'vitest'
import { watchedRequest } from '../testing/watched-request.js'
import { limitBody } from './body-limit.js'

const app = new Hono()
  .use('*', limitBody({ maxSize: 10, onError: (c) => c.text('too large', 413) }))
  .all('/', (c) => c.text('ok'))

describe('limitBody', () => {
  test('a GET is let through without its body being looked at', async () => {
    const { request, seen } = watchedRequest('http://localhost/', { method: 'GET' })
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
