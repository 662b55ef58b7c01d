// Settings → API Settings → 'Search results provider' (issue 17 item 2): the key is sealed at rest,
// never answered (last 4 characters only), never logged; each owner sees and changes only their
// own business's provider; bad input changes nothing.
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { createApp } from '../../app.js'
import { apiCaller } from '../../testing/api.js'
import { createTestApp, type TestApp } from '../../testing/app.js'
import { signUp } from '../../testing/auth.js'
import { startFakeSerp, type FakeSerp } from '../../testing/fake-serp.js'
import { databaseText } from '../../testing/db-fingerprint.js'
import { businessInput } from '../../testing/factories.js'
import { traceLogger } from '../../testing/trace-logs.js'

const KEY = 'sk-live-9f8e7d6c5b4a3210ZYXW'
const SECRETS_KEY = Buffer.alloc(32, 7).toString('base64')

let fake: FakeSerp
let t: TestApp | undefined
beforeAll(async () => {
  fake = await startFakeSerp({ key: KEY })
})
afterAll(() => fake.close())
afterEach(async () => {
  await t?.close()
  t = undefined
})

async function ownerOf(app: TestApp, email: string, withBusiness = true) {
  const owner = await signUp(app.app, { email })
  const call = apiCaller(app.app, () => owner.accessToken)
  if (withBusiness) await call('PUT', '/api/business', businessInput)
  return call
}

test('a saved key is sealed in the database, answered as its last 4 characters, and never logged', async () => {
  t = await createTestApp({ env: { SECRETS_KEY, SERP_BASE_URL: fake.origin } })
  const { logger, lines } = traceLogger()
  // The same app, logging everything to `lines`.
  const app = createApp({ ...t.deps, logger })
  const owner = await signUp(app, { email: 'keys@example.com' })
  const call = apiCaller(app, () => owner.accessToken)
  await call('PUT', '/api/business', businessInput)
  const saved = await call('PUT', '/api/rank-provider', { provider: 'serpapi', key: KEY })
  expect(saved.status).toBe(200)
  expect(saved.body).toMatchObject({ provider: 'serpapi', source: 'business', keyLast4: 'ZYXW' })
  const tested = await call('POST', '/api/rank-provider/test')
  expect(tested.body).toMatchObject({ status: 'connected', reason: null, cost: 1 })
  const read = await call('GET', '/api/rank-provider')
  expect(read.body).toMatchObject({ status: 'connected', budget: { used: 1, remaining: 199 } })
  const answers = JSON.stringify([saved.body, tested.body, read.body])
  expect(answers).not.toContain(KEY)
  expect(lines.length).toBeGreaterThan(0)
  expect(lines.join('\n')).not.toContain(KEY)
  const stored = await databaseText(t.db)
  expect(stored).toContain('ZYXW')
  expect(stored).not.toContain(KEY)
  // The fake provider did receive it: the key is stored, only sealed.
  expect(fake.requests.at(-1)?.key).toBe(KEY)
})

test("'Test connection' with a refused key says Failing with the reason and the time", async () => {
  t = await createTestApp({ env: { SECRETS_KEY, SERP_BASE_URL: fake.origin } })
  const call = await ownerOf(t, 'refused@example.com')
  await call('PUT', '/api/rank-provider', { provider: 'serper', key: 'not-the-right-key' })
  const tested = await call('POST', '/api/rank-provider/test')
  const body = tested.body as unknown as { status: string; reason: string }
  expect(body.status).toBe('failing')
  expect(body.reason).toContain('Serper refused the key (HTTP 401)')
  const read = await call<{ status: string; statusReason: string; statusAt: string }>(
    'GET',
    '/api/rank-provider',
  )
  expect(read.body.status).toBe('failing')
  expect(read.body.statusReason).toContain('HTTP 401')
  expect(Date.parse(read.body.statusAt)).not.toBeNaN()
})

test('each owner sees and changes only their own business’s provider', async () => {
  t = await createTestApp({ env: { SECRETS_KEY } })
  const first = await ownerOf(t, 'first@example.com')
  await first('PUT', '/api/rank-provider', { provider: 'serpapi', key: KEY })
  const noBusiness = await ownerOf(t, 'empty@example.com', false)
  for (const [method, body] of [
    ['GET', undefined],
    ['PUT', { provider: 'simulated' }],
    ['DELETE', undefined],
  ] as const) {
    expect((await noBusiness(method, '/api/rank-provider', body)).status).toBe(404)
  }
  expect((await noBusiness('POST', '/api/rank-provider/test')).status).toBe(404)
  const second = await ownerOf(t, 'second@example.com')
  expect((await second('GET', '/api/rank-provider')).body).toMatchObject({
    provider: 'simulated',
    source: 'none',
    keyLast4: null,
  })
  await second('DELETE', '/api/rank-provider')
  await second('PUT', '/api/rank-provider', { provider: 'simulated' })
  expect((await first('GET', '/api/rank-provider')).body).toMatchObject({
    provider: 'serpapi',
    keyLast4: 'ZYXW',
  })
})

test('bad input is a 422 that names the field, and nothing changes', async () => {
  t = await createTestApp({ env: { SECRETS_KEY } })
  const call = await ownerOf(t, 'bad@example.com')
  const cases = [
    [{ provider: 'google', key: KEY }, 'provider'],
    [{ provider: 'serpapi', key: 'has spaces in it' }, 'key'],
    [{ provider: 'serpapi', key: 'short' }, 'key'],
    [{ provider: 'serper', key: 'x'.repeat(201) }, 'key'],
    [{ provider: 'serpapi' }, 'key'],
  ] as const
  for (const [body, field] of cases) {
    const answer = await call<{ error: { issues: { path: string }[] } }>(
      'PUT',
      '/api/rank-provider',
      body,
    )
    expect(answer.status).toBe(422)
    expect(answer.body.error.issues.map((i) => i.path)).toContain(field)
  }
  expect((await call('GET', '/api/rank-provider')).body).toMatchObject({ source: 'none' })
  expect((await call('POST', '/api/rank-provider/test')).status).toBe(409)
})

test('with DATABASE_URL and no SECRETS_KEY a key is not saved, and the screen says why', async () => {
  t = await createTestApp({ env: { DATABASE_URL: 'postgres://app@127.0.0.1:1/unused' } })
  const call = await ownerOf(t, 'shared@example.com')
  const saved = await call<{ error: { message: string } }>('PUT', '/api/rank-provider', {
    provider: 'serpapi',
    key: KEY,
  })
  expect(saved.status).toBe(409)
  expect(saved.body.error.message).toContain('SECRETS_KEY')
  const read = await call<{ source: string; keysUnavailable: string }>('GET', '/api/rank-provider')
  expect(read.body.source).toBe('none')
  expect(read.body.keysUnavailable).toContain('SECRETS_KEY')
})

test('without SECRETS_KEY the key is generated into DATA_DIR with mode 600', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'secrets-'))
  try {
    t = await createTestApp({ env: { DATA_DIR: dataDir } })
    const call = await ownerOf(t, 'file@example.com')
    expect((await call('PUT', '/api/rank-provider', { provider: 'serper', key: KEY })).status).toBe(
      200,
    )
    const file = await stat(path.join(dataDir, 'secrets.key'))
    expect(file.mode & 0o777).toBe(0o600)
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
})
