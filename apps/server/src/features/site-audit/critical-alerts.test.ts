// A new critical audit issue is an alert (issue 16 item 4): a page that starts answering with an
// error between two audits is in the owner's notification list, once; the first audit tells nothing.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import type { Notification } from '@localseo/shared/alerts'
import { createTestApp, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signUp } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'
import { startFixtureServer, type FixtureServer } from '../../testing/fixture-server.js'
import { BUSINESS, goodPage, localPage } from './fixtures/golden-pages.js'

let site: FixtureServer
let t: TestApp | undefined
/** The services page answers 500 when this is true. */
let servicesBroken = false

function serve(req: IncomingMessage, res: ServerResponse) {
  if (req.url === '/services' && servicesBroken) return void res.writeHead(500).end('oops')
  const html =
    req.url === '/'
      ? localPage(BUSINESS, { extraBody: '<a href="/services">Services</a>' })
      : goodPage('Services')
  res.writeHead(200, { 'content-type': 'text/html' }).end(html)
}

beforeAll(async () => {
  site = await startFixtureServer({}, { fallback: serve })
})
afterAll(() => site.close())
afterEach(async () => {
  await t?.close()
  t = undefined
  servicesBroken = false
})

test('a critical issue the audit before did not find is an alert, once', async () => {
  const app = await createTestApp({ jobs: true, env: { FETCH_ALLOW_HOSTS: site.hostPort } })
  t = app
  const { accessToken } = await signUp(app.app, { email: 'owner@example.com' })
  const call = apiCaller(app.app, () => accessToken)
  await call('PUT', '/api/business', { ...businessInput, website: site.origin })
  const audit = async () => {
    const started = await call<{ run: { id: string } }>('POST', '/api/site-audit/runs')
    expect(started.status).toBe(202)
    await expect
      .poll(
        async () =>
          (
            await call<{ run: { status: string } }>(
              'GET',
              `/api/site-audit/runs/${started.body.run.id}`,
            )
          ).body.run.status,
        { timeout: 20_000 },
      )
      .toBe('done')
  }
  const alerts = async () =>
    (await call<{ notifications: Notification[] }>('GET', '/api/alerts')).body.notifications

  // The first audit has nothing to be new against, even with a broken page.
  servicesBroken = true
  await audit()
  expect(await alerts()).toEqual([])
  // Fixed, then broken again: the audit after the fixed one tells.
  servicesBroken = false
  await audit()
  servicesBroken = true
  await audit()
  const told = await alerts()
  expect(told.map((n) => [n.kind, n.message, n.link])).toEqual([
    [
      'audit_critical',
      'The website audit found a new critical issue: Pages that answer with an error.',
      '/dashboard/audit',
    ],
  ])
  // Still broken at the next audit: not new, not told again.
  await audit()
  expect(await alerts()).toHaveLength(1)
})
