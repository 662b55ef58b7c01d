// GET /metrics (issue 37 item 3, docs/decisions/041-metrics.md): off without METRICS_TOKEN, only
// with it when on, a scrape in the Prometheus text format, and counters that move by route pattern.
import { Hono } from 'hono'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parseEnv } from '../env.js'
import { createTestApp, type TestApp } from '../testing/app.js'
import { authHeader, signUp } from '../testing/auth.js'
import { createMetrics } from './metrics.js'
import { httpMetrics } from './metrics-route.js'
import { parseExposition, sampleValue } from '../testing/prometheus-text.js'

const TOKEN = 'scrape-token-0123456789'
const logger = pino({ level: 'silent' })
let on: TestApp

beforeAll(async () => {
  on = await createTestApp({ env: { METRICS_TOKEN: TOKEN } })
})
afterAll(() => on.close())

const scrape = async (t: TestApp = on) => {
  const res = await t.app.request('/metrics', { headers: authHeader(TOKEN) })
  expect(res.status).toBe(200)
  return parseExposition(await res.text())
}

describe('METRICS_TOKEN', () => {
  test('is optional and, when set, at least 16 characters', () => {
    expect(parseEnv({}).METRICS_TOKEN).toBeUndefined()
    expect(parseEnv({ METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN)
    expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/)
  })
})

describe('GET /metrics', () => {
  test('is not there without METRICS_TOKEN, whatever the request carries (404)', async () => {
    const off = await createTestApp()
    try {
      expect((await off.app.request('/metrics')).status).toBe(404)
      const res = await off.app.request('/metrics', { headers: authHeader(TOKEN) })
      expect(res.status).toBe(404)
      expect(await res.text()).not.toContain('http_requests_total')
    } finally {
      await off.close()
    }
  })

  test('refuses a scrape without the token or with another one (401), user sessions included', async () => {
    const user = await signUp(on.app)
    for (const headers of [
      {},
      authHeader('scrape-token-0123456780'),
      authHeader(user.accessToken),
      { authorization: TOKEN },
    ]) {
      const res = await on.app.request('/metrics', { headers })
      expect(res.status).toBe(401)
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/)
      expect(await res.text()).not.toContain('http_requests_total')
    }
  })

  test('answers the Prometheus text format: process, queue and request metrics', async () => {
    const res = await on.app.request('/metrics', { headers: authHeader(TOKEN) })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(res.headers.get('cache-control')).toBe('no-store')
    // parseExposition throws on any line that is not HELP, TYPE or a well-formed sample.
    const metrics = parseExposition(await res.text())
    expect(metrics.types.get('process_resident_memory_bytes')).toBe('gauge')
    expect(metrics.types.get('nodejs_heap_size_used_bytes')).toBe('gauge')
    expect(metrics.types.get('nodejs_eventloop_lag_p99_seconds')).toBe('gauge')
    expect(metrics.types.get('http_request_duration_seconds')).toBe('histogram')
    // Every queue is listed with its depth, an empty one at 0 (PGlite: no pool gauge, ADR 041).
    expect(sampleValue(metrics, 'queue_jobs', { queue: 'geo-grid.scan', state: 'queued' })).toBe(0)
    // The scrape is not one of the API requests it counts (ADR 054).
    expect(sampleValue(metrics, 'http_requests_in_app', { state: 'active' })).toBe(0)
    expect(sampleValue(metrics, 'http_requests_in_app', { state: 'waiting' })).toBe(0)
    expect(metrics.types.has('db_pool_connections')).toBe(on.database.kind === 'postgres')
    // Only PostgreSQL's instances hear each other's session changes (ADR 004).
    expect(metrics.types.has('auth_change_listener_up')).toBe(on.database.kind === 'postgres')
    expect(metrics.types.has('auth_changes_heard_total')).toBe(on.database.kind === 'postgres')
    if (on.database.kind === 'postgres') {
      expect(sampleValue(metrics, 'auth_change_listener_up')).toBe(1)
      expect(sampleValue(metrics, 'db_pool_connections', { state: 'total' })).toBeGreaterThan(0)
      // The scrape's own queue query may be waiting for one of the test pool's 4 connections.
      expect(
        sampleValue(metrics, 'db_pool_connections', { state: 'waiting' }),
      ).toBeGreaterThanOrEqual(0)
    }
  })

  test('counts requests by route pattern and status class, never with an id in a label', async () => {
    const user = await signUp(on.app)
    const id = crypto.randomUUID()
    const route = '/api/geo-grid/scans/:id'
    const labels = { method: 'GET', route, status_class: '4xx' }
    const before = sampleValue(await scrape(), 'http_requests_total', labels) ?? 0
    const res = await on.app.request(`/api/geo-grid/scans/${id}`, {
      headers: authHeader(user.accessToken),
    })
    expect(res.status).toBe(404)
    await on.app.request('/api/no-such-thing/123')
    await on.app.request(`/nowhere/${id}`)

    const after = await scrape()
    expect(sampleValue(after, 'http_requests_total', labels)).toBe(before + 1)
    expect(sampleValue(after, 'http_request_duration_seconds_count', labels)).toBe(before + 1)
    expect(sampleValue(after, 'http_requests_total', { route: 'unmatched' })).toBeGreaterThan(1)
    const routes = after.samples.map((s) => s.labels.route).filter(Boolean)
    expect(routes).toContain(route)
    expect(routes.join(' ')).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-|\/123\b|no-such-thing|nowhere/i)
  })

  test("is outside the app's /api and needs no session: the scrape itself is counted by its pattern", async () => {
    await scrape()
    const metrics = await scrape()
    expect(
      sampleValue(metrics, 'http_requests_total', {
        method: 'GET',
        route: '/metrics',
        status_class: '2xx',
      }),
    ).toBeGreaterThan(0)
  })
})

describe('the request counter', () => {
  test('puts a thrown error in 5xx and a refusal in 4xx, by the pattern of the route', async () => {
    const metrics = createMetrics({ processMetrics: false, logger })
    const app = new Hono()
      .use('*', httpMetrics(metrics))
      .get('/things/:id', (c) => {
        if (c.req.param('id') === 'boom') throw new Error('broken')
        return c.json({ error: 'no' }, 422)
      })
      .onError((_, c) => c.text('Internal Server Error', 500))
    expect((await app.request('/things/boom')).status).toBe(500)
    expect((await app.request('/things/7')).status).toBe(422)
    expect((await app.request('/things/8')).status).toBe(422)
    const text = parseExposition(await metrics.registry.metrics())
    const of = (status_class: string) =>
      sampleValue(text, 'http_requests_total', {
        method: 'GET',
        route: '/things/:id',
        status_class,
      })
    expect(of('5xx')).toBe(1)
    expect(of('4xx')).toBe(2)
    expect(of('2xx')).toBeUndefined()
  })
})
