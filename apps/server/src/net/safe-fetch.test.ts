// The fetcher's limits and behaviour against local fixture servers (allowlisted, as FETCH_ALLOW_HOSTS
// would): redirects, loops, timeout, body cap, gzip bomb, per-host connections, User-Agent.
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parseEnv } from '../env.js'
import { startFixtureServer, type FixtureServer } from '../testing/fixture-server.js'
import {
  createSafeFetcher,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_CONNECTIONS_PER_HOST,
  DEFAULT_MAX_REDIRECTS,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_USER_AGENT,
  FetchNetworkError,
  FetchRedirectLoopError,
  FetchTimeoutError,
  FetchTooLargeError,
  FetchTooManyRedirectsError,
  type SafeFetcher,
} from './safe-fetch.js'

const MB = 1024 * 1024
let site: FixtureServer
let fetcher: SafeFetcher
let bytesSent = 0
/** Called when /huge sees its client go away; from then on it writes nothing more. */
let onHugeClosed = () => {}
let inFlight = 0
let maxInFlight = 0

const hop = (to: string) => ({ status: 302, headers: { location: to } })

beforeAll(async () => {
  site = await startFixtureServer({
    '/page': { body: '<p>hello</p>', headers: { 'x-robots-tag': 'nofollow' } },
    '/r1': hop('/r2'),
    '/r2': { status: 301, headers: { location: '/r3' } },
    '/r3': { status: 308, headers: { location: '/page' } },
    '/loop-a': hop('/loop-b'),
    '/loop-b': hop('/loop-a'),
    '/self': hop('/self'),
    // Five hops are allowed, six are not.
    ...Object.fromEntries(
      Array.from({ length: 7 }, (_, i) => [
        `/chain${i}`,
        i === 6 ? { body: 'end' } : hop(`/chain${i + 1}`),
      ]),
    ),
    '/gzip': {
      body: gzipSync(Buffer.from('<p>zipped</p>')),
      headers: { 'content-encoding': 'gzip' },
    },
    '/gzip-bomb': {
      body: gzipSync(Buffer.alloc(50 * MB)),
      headers: { 'content-encoding': 'gzip' },
    },
    '/huge': (_req, res) => {
      // 50 MB offered in 64 KiB writes; stops when the client goes away.
      res.writeHead(200, { 'content-type': 'text/html' })
      const chunk = Buffer.alloc(64 * 1024, 'a')
      let left = 50 * MB
      const pump = () => {
        while (left > 0) {
          left -= chunk.length
          bytesSent += chunk.length
          if (!res.write(chunk)) return void res.once('drain', pump)
        }
        res.end()
      }
      res.on('close', () => {
        left = 0
        onHugeClosed()
      })
      pump()
    },
    '/slow-loris': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' })
      const timer = setInterval(() => res.write('a'), 100)
      res.on('close', () => clearInterval(timer))
    },
    '/slow': (_req, res) => {
      inFlight += 1
      maxInFlight = Math.max(maxInFlight, inFlight)
      setTimeout(() => {
        inFlight -= 1
        res.end('ok')
      }, 150)
    },
  })
  fetcher = createSafeFetcher({ allowHosts: [site.hostPort] })
})

afterAll(async () => {
  await fetcher.close()
  await site.close()
})

describe('the defaults are those of issue 8', () => {
  test('10 s, 5 MB, 5 redirects, 2 connections per host, an honest User-Agent', () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(10_000)
    expect(DEFAULT_MAX_BYTES).toBe(5 * MB)
    expect(DEFAULT_MAX_REDIRECTS).toBe(5)
    expect(DEFAULT_MAX_CONNECTIONS_PER_HOST).toBe(2)
    expect(DEFAULT_USER_AGENT).toMatch(/^LocalSEO-AI-LinkChecker\/1\.0 \(\+https:\/\/.+\)$/)
  })

  test('FETCH_ALLOW_HOSTS is empty by default and parses comma-separated host:port', () => {
    expect(parseEnv({}).FETCH_ALLOW_HOSTS).toEqual([])
    expect(
      parseEnv({ FETCH_ALLOW_HOSTS: ' 127.0.0.1:8080, Intranet.example:80 ,[::1]:3000' })
        .FETCH_ALLOW_HOSTS,
    ).toEqual(['127.0.0.1:8080', 'intranet.example:80', '[::1]:3000'])
    expect(() => parseEnv({ FETCH_ALLOW_HOSTS: 'no-port.example' })).toThrow(/FETCH_ALLOW_HOSTS/)
  })
})

describe('fetching', () => {
  test('returns status, lower-cased headers, the body and sends the User-Agent', async () => {
    const res = await fetcher.fetch(`${site.origin}/page`)
    expect(res).toMatchObject({
      url: `${site.origin}/page`,
      status: 200,
      truncated: false,
      redirects: [`${site.origin}/page`],
    })
    expect(res.headers['x-robots-tag']).toBe('nofollow')
    expect(res.body.toString()).toBe('<p>hello</p>')
    expect(site.requests.at(-1)?.headers['user-agent']).toBe(DEFAULT_USER_AGENT)
  })

  test('follows a redirect chain by hand and reports every hop', async () => {
    const res = await fetcher.fetch(`${site.origin}/r1`)
    expect(res.url).toBe(`${site.origin}/page`)
    expect(res.redirects).toEqual(['/r1', '/r2', '/r3', '/page'].map((p) => site.origin + p))
  })

  test('five redirects are followed; the sixth is refused', async () => {
    const five = await fetcher.fetch(`${site.origin}/chain1`)
    expect(five.body.toString()).toBe('end')
    expect(five.redirects).toHaveLength(6)
    await expect(fetcher.fetch(`${site.origin}/chain0`)).rejects.toBeInstanceOf(
      FetchTooManyRedirectsError,
    )
  })

  test('a redirect loop is detected, including a page redirecting to itself', async () => {
    await expect(fetcher.fetch(`${site.origin}/loop-a`)).rejects.toBeInstanceOf(
      FetchRedirectLoopError,
    )
    await expect(fetcher.fetch(`${site.origin}/self`)).rejects.toBeInstanceOf(
      FetchRedirectLoopError,
    )
  })

  test('gzip bodies are decoded', async () => {
    const res = await fetcher.fetch(`${site.origin}/gzip`)
    expect(res.body.toString()).toBe('<p>zipped</p>')
  })

  test('a 50 MB body is cut at 5 MB and the server stops sending', async () => {
    bytesSent = 0
    const closed = new Promise<void>((resolve) => (onHugeClosed = resolve))
    const res = await fetcher.fetch(`${site.origin}/huge`)
    expect(res.truncated).toBe(true)
    expect(res.body.length).toBe(5 * MB)
    // Counted once the server has seen the connection end: every byte it sent is in by then.
    await closed
    expect(bytesSent).toBeLessThan(20 * MB)
  })

  test('with truncate: false, a too large body is an error', async () => {
    await expect(
      fetcher.fetch(`${site.origin}/huge`, { truncate: false, maxBytes: MB }),
    ).rejects.toBeInstanceOf(FetchTooLargeError)
  })

  test('a gzip bomb is cut at 5 MB of decoded bytes', async () => {
    const res = await fetcher.fetch(`${site.origin}/gzip-bomb`)
    expect(res.truncated).toBe(true)
    expect(res.body.length).toBe(5 * MB)
  })

  test('a slow-loris page is abandoned at the deadline', async () => {
    const quick = createSafeFetcher({ allowHosts: [site.hostPort], timeoutMs: 600 })
    try {
      const started = Date.now()
      await expect(quick.fetch(`${site.origin}/slow-loris`)).rejects.toBeInstanceOf(
        FetchTimeoutError,
      )
      expect(Date.now() - started).toBeLessThan(1_500)
    } finally {
      await quick.close()
    }
  })

  test('at most 2 requests per host are in flight at once', async () => {
    maxInFlight = 0
    const results = await Promise.all(
      Array.from({ length: 6 }, () => fetcher.fetch(`${site.origin}/slow`)),
    )
    expect(results.every((r) => r.status === 200)).toBe(true)
    expect(maxInFlight).toBe(2)
  })

  test('a refused connection is a network error', async () => {
    const closed = await startFixtureServer()
    const target = closed.hostPort
    await closed.close()
    const local = createSafeFetcher({ allowHosts: [target] })
    try {
      await expect(local.fetch(`http://${target}/`)).rejects.toBeInstanceOf(FetchNetworkError)
    } finally {
      await local.close()
    }
  })
})
