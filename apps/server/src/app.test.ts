import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from './app.js'
import { createTestApp, type TestApp } from './testing/app.js'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

describe('health and headers', () => {
  test('GET /healthz reports ok, the release and which database is in use', async () => {
    const res = await t.app.request('/healthz')
    expect(res.status).toBe(200)
    // The release is the repository's package.json version (README "Upgrading").
    const root = JSON.parse(
      readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
    ) as { version: string }
    expect(root.version).toMatch(/^\d+\.\d+\.\d+$/)
    expect(await res.json()).toEqual({
      status: 'ok',
      version: root.version,
      database: t.deps.dbKind,
      queue: { queued: 0, active: 0, failedLastHour: 0 },
    })
  })

  test('every response carries the security headers', async () => {
    const res = await t.app.request('/healthz')
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(res.headers.get('strict-transport-security')).toContain('max-age=31536000')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('x-request-id')).toBeTruthy()
  })

  test('every response turns off camera, microphone, geolocation and payment (Permissions-Policy)', async () => {
    const policy = 'camera=(), microphone=(), geolocation=(), payment=()'
    const responses = [
      await t.app.request('/healthz'),
      await t.app.request('/api/business'),
      await t.app.request('/api/nope'),
      await t.app.request('/auth/v1/settings'),
      await t.app.request('/auth/v1/user'),
    ]
    expect(responses.map((res) => res.status)).toEqual([200, 401, 404, 200, 401])
    for (const res of responses) expect(res.headers.get('permissions-policy')).toBe(policy)
  })
})

describe('/api error shape', () => {
  test('an unknown API path is a JSON 404 in the one error shape', async () => {
    const res = await t.app.request('/api/nope')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({
      error: { code: 'not_found', message: 'No such API endpoint.' },
    })
  })

  test('API responses are never cached', async () => {
    const res = await t.app.request('/api/business')
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  test('a body over 1 MiB is refused with 413 before any handler runs', async () => {
    const res = await t.app.request('/api/business', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ blob: 'x'.repeat(1024 * 1024 + 10) }),
    })
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({ error: { code: 'payload_too_large' } })
  })
})

describe('serving the web app', () => {
  let dist: string
  let app: ReturnType<typeof createApp>

  beforeAll(() => {
    dist = mkdtempSync(path.join(tmpdir(), 'localseo-dist-'))
    mkdirSync(path.join(dist, 'assets'))
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>')
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
    const map = JSON.stringify({ version: 3, sources: ['a.ts'], sourcesContent: ['secret'] })
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.map'), map)
    writeFileSync(path.join(dist, 'assets', 'index-abc123.css.map'), map)
    writeFileSync(path.join(dist, 'index.js.map'), map)
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
    app = createApp(t.deps, { webDistDir: dist })
  })
  afterAll(() => rmSync(dist, { recursive: true, force: true }))

  test('hashed assets are cached for a year as immutable', async () => {
    const res = await app.request('/assets/index-abc123.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  test('a missing asset is a 404, not the app shell', async () => {
    const res = await app.request('/assets/missing-123.js')
    expect(res.status).toBe(404)
  })

  test('client routes fall back to index.html, revalidated on every visit', async () => {
    for (const route of ['/', '/dashboard', '/settings', '/no-such-page']) {
      const res = await app.request(route)
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('no-cache')
      expect(await res.text()).toContain('<div id="root">')
    }
  })

  test('source maps are never served, in any spelling, and never fall back to the app shell', async () => {
    for (const requestPath of [
      '/assets/index-abc123.js.map',
      '/assets/index-abc123.css.map',
      '/assets/INDEX-ABC123.JS.MAP',
      '/assets/index-abc123.js%2Emap',
      '/assets/index-abc123.js.map/',
      '/index.js.map',
      '/missing.map',
    ]) {
      const res = await app.request(requestPath)
      expect(res.status, requestPath).toBe(404)
      expect(await res.text(), requestPath).not.toContain('sourcesContent')
    }
    // Production changes nothing, and the JavaScript itself is still served.
    const production = createApp(
      { ...t.deps, env: { ...t.deps.env, NODE_ENV: 'production' } },
      { webDistDir: dist },
    )
    expect((await production.request('/assets/index-abc123.js.map')).status).toBe(404)
    expect((await production.request('/assets/index-abc123.js')).status).toBe(200)
  })

  test('other files in the build are served as they are', async () => {
    const res = await app.request('/favicon.svg')
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('<svg')
  })
})
