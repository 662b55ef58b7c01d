// The built web app is sent compressed when the client accepts it (docs/decisions/019-compressed-
// assets-and-preloading.md): brotli before gzip, q-values respected, identity otherwise, and the
// caching rules and 404s of the build unchanged.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { staticWeb } from './static-web.js'

const script = `export const greeting = ${JSON.stringify('hello '.repeat(500))}\n`
const html = `<!doctype html><div id="root"></div>${'<!-- padding -->'.repeat(100)}`
let dist: string
let web: ReturnType<typeof staticWeb>

function writeWithCopies(relative: string, content: string) {
  const file = path.join(dist, relative)
  writeFileSync(file, content)
  writeFileSync(`${file}.br`, brotliCompressSync(content))
  writeFileSync(`${file}.gz`, gzipSync(content))
}

beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'localseo-dist-'))
  mkdirSync(path.join(dist, 'assets'))
  writeWithCopies('index.html', html)
  writeWithCopies('assets/index-abc123.js', script)
  writeWithCopies('assets/index-abc123.js.map', JSON.stringify({ sourcesContent: ['secret'] }))
  writeFileSync(path.join(dist, 'assets', 'tiny-abc123.js'), 'export {}')
  mkdirSync(path.join(dist, '.vite'))
  writeWithCopies('.vite/manifest.json', JSON.stringify({ 'src/main.tsx': { file: 'secret' } }))
  web = staticWeb(dist)
})
afterAll(() => rmSync(dist, { recursive: true, force: true }))

const get = (requestPath: string, acceptEncoding?: string, method = 'GET') =>
  web.request(requestPath, {
    method,
    headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding },
  })

describe('content negotiation of the built files', () => {
  test('brotli is preferred when the client accepts it', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd')
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const body = Buffer.from(await res.arrayBuffer())
    expect(res.headers.get('content-length')).toBe(String(body.length))
    expect(body.length).toBeLessThan(script.length)
    expect(brotliDecompressSync(body).toString()).toBe(script)
  })

  test('gzip when brotli is not accepted', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip')
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(script)
  })

  test('a client without Accept-Encoding gets the file as it is, and Vary still says why', async () => {
    const res = await get('/assets/index-abc123.js')
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(script)))
    expect(await res.text()).toBe(script)
  })

  test('q-values decide: q=0 refuses a coding, a higher q wins, * stands for the rest', async () => {
    const cases: Array<[string, string | null]> = [
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0.5, gzip;q=0.8', 'gzip'],
      ['gzip;q=0.5, br;q=0.9', 'br'],
      ['br;q=0, gzip;q=0', null],
      ['*', 'br'],
      ['*;q=0', null],
      ['identity', null],
      ['BR', 'br'],
    ]
    for (const [header, expected] of cases) {
      const res = await get('/assets/index-abc123.js', header)
      expect(res.headers.get('content-encoding'), header).toBe(expected)
    }
  })

  test('HEAD answers the headers of the chosen copy and no body', async () => {
    const full = await get('/assets/index-abc123.js', 'br')
    const length = (await full.arrayBuffer()).byteLength
    const res = await get('/assets/index-abc123.js', 'br', 'HEAD')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('content-length')).toBe(String(length))
    expect((await res.arrayBuffer()).byteLength).toBe(0)
  })

  test('index.html is compressed too and still revalidated on every visit', async () => {
    for (const route of ['/', '/dashboard', '/index.html']) {
      const res = await get(route, 'br')
      expect(res.status, route).toBe(200)
      expect(res.headers.get('cache-control'), route).toBe('no-cache')
      expect(res.headers.get('content-encoding'), route).toBe('br')
      expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(html)
    }
  })

  test('a file the build left uncompressed is sent as it is, without Vary', async () => {
    const res = await get('/assets/tiny-abc123.js', 'br')
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(res.headers.get('vary')).toBeNull()
    expect(await res.text()).toBe('export {}')
  })
})

describe('what is never served', () => {
  test('a missing asset is a 404 whatever the client accepts', async () => {
    for (const accept of [undefined, 'br', 'gzip']) {
      expect((await get('/assets/missing-123.js', accept)).status).toBe(404)
    }
  })

  test('source maps are 404 in every coding, and so are the compressed copies asked by name', async () => {
    for (const requestPath of [
      '/assets/index-abc123.js.map',
      '/assets/index-abc123.js.map.br',
      '/assets/index-abc123.js.map.gz',
      '/assets/index-abc123.js.br',
      '/assets/index-abc123.js.gz',
    ]) {
      const res = await get(requestPath, 'br, gzip')
      expect(res.status, requestPath).toBe(404)
      expect(res.headers.get('content-encoding'), requestPath).toBeNull()
    }
  })

  test('the build manifest is never served: the path gets the app shell', async () => {
    for (const requestPath of ['/.vite/manifest.json', '/.vite/manifest.json.br']) {
      const res = await get(requestPath)
      expect(await res.text(), requestPath).not.toContain('secret')
    }
  })
})
