// Route inventory gate (docs/security.md §1d): every /api route, present and future, must
// refuse a request without a session. A new endpoint cannot slip through untested.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../src/testing/app.js'
import { apiRoutes } from './api-routes.js'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('route inventory', () => {
  test('there are API routes to check', () => {
    expect(apiRoutes(t.app).length).toBeGreaterThan(10)
  })

  test('includes the backlink export and AI routes (issue 8)', () => {
    const routes = apiRoutes(t.app).map((r) => `${r.method} ${r.path}`)
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/backlinks/export',
        'POST /api/backlinks/analysis',
        'POST /api/backlinks/content-ideas',
      ]),
    )
  })

  test('includes the route that turns a failed audit check into a task (issue 11)', () => {
    const routes = apiRoutes(t.app).map((r) => `${r.method} ${r.path}`)
    expect(routes).toContain('POST /api/site-audit/runs/x-id/issues/x-checkId/task')
  })

  test("has no set-primary route: the business's own address is the primary location (ADR 033)", () => {
    const routes = apiRoutes(t.app).map((r) => `${r.method} ${r.path}`)
    expect(routes).toContain('DELETE /api/business/locations/x-id')
    expect(routes.filter((r) => r.includes('primary'))).toEqual([])
  })

  test('every /api route answers 401 without a session, in the one error shape', async () => {
    const open: string[] = []
    for (const route of apiRoutes(t.app)) {
      const res = await t.app.request(route.path, {
        method: route.method,
        headers: { 'content-type': 'application/json' },
        body: ['GET', 'HEAD'].includes(route.method) ? undefined : '{}',
      })
      const body = (await res.json().catch(() => null)) as { error?: { code?: string } } | null
      if (res.status !== 401 || body?.error?.code !== 'unauthorized') {
        open.push(`${route.method} ${route.path} -> ${res.status}`)
      }
    }
    expect(open).toEqual([])
  })

  test('a forged token is refused on every /api route', async () => {
    const forged =
      'eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIwMDAwMDAwMC0wMDAwLTQwMDAtODAwMC0wMDAwMDAwMDAwMDEiLCJhdWQiOiJhdXRoZW50aWNhdGVkIiwiZXhwIjo5OTk5OTk5OTk5fQ.'
    const open: string[] = []
    for (const route of apiRoutes(t.app)) {
      const res = await t.app.request(route.path, {
        method: route.method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${forged}` },
        body: ['GET', 'HEAD'].includes(route.method) ? undefined : '{}',
      })
      if (res.status !== 401) open.push(`${route.method} ${route.path} -> ${res.status}`)
    }
    expect(open).toEqual([])
  })
})
