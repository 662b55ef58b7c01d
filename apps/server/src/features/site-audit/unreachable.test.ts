// A website that cannot be reached is a failed audit, never findings (issue 15 item 3): for a name
// that does not resolve, a refused connection, a TLS failure, a server that answers 5xx and a
// timeout, the run ends 'unreachable' with the cause in plain words, stores no issue, and the
// dashboard score does not move.
import net from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signUp } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'
import { startFixtureServer, type FixtureServer } from '../../testing/fixture-server.js'
import type { CrawlResult } from './crawl-result.js'
import { unreachableSite } from './unreachable.js'

interface RunBody {
  run: { id: string; status: string; endReason: string | null; error: string | null }
  issues: unknown[]
}
interface DashboardBody {
  score: number
  measured: boolean
}

let t: TestApp
let token = ''
let down: FixtureServer
let notTls: net.Server
let notTlsHostPort = ''
let closedHostPort = ''
const sockets = new Set<net.Socket>()

const call = <T>(method: string, path: string, body?: unknown) =>
  apiCaller(t.app, () => token)<T>(method, path, body)

async function listen(server: net.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address() as net.AddressInfo
  return `127.0.0.1:${address.port}`
}

beforeAll(async () => {
  down = await startFixtureServer({}, { fallback: (_req, res) => res.writeHead(503).end() })
  // Speaks plain text where a TLS handshake is expected.
  notTls = net.createServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => {})
    socket.end('HTTP/1.1 400 Bad Request\r\n\r\n', () => socket.destroy())
  })
  notTlsHostPort = await listen(notTls)
  const closed = net.createServer()
  closedHostPort = await listen(closed)
  await new Promise((resolve) => closed.close(resolve))
})
afterAll(async () => {
  await down.close()
  for (const socket of sockets) socket.destroy()
  await new Promise((resolve) => notTls.close(resolve))
})

async function auditOf(
  website: string,
): Promise<{ run: RunBody; before: DashboardBody; after: DashboardBody }> {
  t = await createTestApp({
    env: { FETCH_ALLOW_HOSTS: [down.hostPort, notTlsHostPort, closedHostPort].join(',') },
    jobs: true,
  })
  token = (await signUp(t.app, { email: 'unreachable@example.com' })).accessToken
  await call('PUT', '/api/business', { ...businessInput, website })
  const before = (await call<DashboardBody>('GET', '/api/dashboard')).body
  const started = await call<{ run: { id: string } }>('POST', '/api/site-audit/runs')
  expect(started.status).toBe(202)
  await t.deps.jobs.whenIdle()
  const run = (await call<RunBody>('GET', `/api/site-audit/runs/${started.body.run.id}`)).body
  const after = (await call<DashboardBody>('GET', '/api/dashboard')).body
  return { run, before, after }
}

describe('an audit of a website that cannot be reached', () => {
  afterEach(async () => {
    await t.deps.jobs.whenIdle()
    await t.close()
  })

  test.each([
    [
      'a name that does not resolve',
      () => 'https://lopez-plumbing.example',
      /lopez-plumbing\.example was not found/,
    ],
    ['a refused connection', () => `http://${closedHostPort}`, /refused the connection/],
    [
      'a TLS failure',
      () => `https://${notTlsHostPort}`,
      /security certificate \(HTTPS\) is not valid/,
    ],
    ['a server that answers 503', () => `http://${down.hostPort}`, /server error \(HTTP 503\)/],
  ])(
    '%s: failed as unreachable, the cause in words, no findings, the score unchanged',
    async (_, website, cause) => {
      const { run, before, after } = await auditOf(website())
      expect(run.run).toMatchObject({ status: 'failed', endReason: 'unreachable' })
      expect(run.run.error).toMatch(cause)
      expect(run.issues).toEqual([])
      expect(after).toMatchObject({ score: before.score, measured: before.measured })
    },
  )
})

function crawlOf(overrides: Partial<CrawlResult>): CrawlResult {
  return {
    startUrls: [{ url: 'https://www.lopez.example/', locationId: null }],
    pages: [],
    robots: [],
    robotsBlocked: [],
    sitemaps: [],
    sitemapUrls: 0,
    traps: [],
    endReason: 'done',
    budget: 200,
    durationMs: 10,
    ...overrides,
  }
}

const robotsFailure = (failure: 'timeout' | 'dns', status?: number) =>
  ({
    url: 'https://www.lopez.example/robots.txt',
    outcome: 'unreachable',
    failure,
    status,
  }) as unknown as CrawlResult['robots'][number]

describe('unreachableSite', () => {
  test('a robots.txt that timed out names the timeout and what to check', () => {
    const found = unreachableSite(crawlOf({ robots: [robotsFailure('timeout')] }))
    expect(found?.failure).toBe('timeout')
    expect(found?.message).toBe(
      'www.lopez.example did not answer in time. Open your website in a browser; if it is slow or down, contact your web host.',
    )
  })

  test('any answer below 500 from the site means it was reached: its findings stand', () => {
    const page = {
      url: 'https://www.lopez.example/',
      finalUrl: 'https://www.lopez.example/',
      depth: 0,
      status: 404,
      redirects: [],
      truncated: false,
      startFor: [null],
    }
    expect(unreachableSite(crawlOf({ robots: [robotsFailure('dns')], pages: [page] }))).toBeNull()
  })

  test('a cancelled crawl is cancelled, not unreachable', () => {
    expect(
      unreachableSite(crawlOf({ robots: [robotsFailure('dns')], endReason: 'cancelled' })),
    ).toBeNull()
  })
})
