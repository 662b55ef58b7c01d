// Requests admitted in the order they came, a few at a time (ADR 054).
import { Hono } from 'hono'
import { describe, expect, test } from 'vitest'
import { parseEnv } from '../env.js'
import { apiCaller } from '../testing/api.js'
import { createTestApp } from '../testing/app.js'
import { authHeader, signUp } from '../testing/auth.js'
import { businessInput } from '../testing/factories.js'
import { admitInOrder } from './admit-in-order.js'

/** A promise and its resolve, for a handler that answers when the test says so. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

/** An app whose GET /held/:name answers when its gate opens, logging when each handler starts. */
function heldApp(active: number) {
  const admission = admitInOrder(active)
  const started: string[] = []
  const gates = new Map<string, ReturnType<typeof gate>>()
  const gateOf = (name: string) => gates.get(name) ?? gates.set(name, gate()).get(name)!
  const app = new Hono()
    .get('/healthz', (c) => c.text('ok'))
    .use('/held/*', admission.middleware)
    .get('/held/:name', async (c) => {
      const name = c.req.param('name')
      started.push(name)
      await gateOf(name).opened
      return c.text(name)
    })
  return { app, admission, started, release: (name: string) => gateOf(name).open() }
}

/** Lets the event loop run until `check` holds (bounded). */
async function until(check: () => boolean) {
  for (let turn = 0; turn < 100 && !check(); turn++) await new Promise((r) => setTimeout(r, 1))
  expect(check()).toBe(true)
}

describe('admitInOrder', () => {
  test('handles at most `active` requests at once and starts the others in the order they came', async () => {
    const { app, admission, started, release } = heldApp(2)
    const answers = ['a', 'b', 'c', 'd', 'e'].map((name) => app.request(`/held/${name}`))
    await until(() => started.length === 2)
    expect(started).toEqual(['a', 'b'])
    expect([admission.active(), admission.waiting()]).toEqual([2, 3])

    release('b')
    await until(() => started.length === 3)
    expect(started).toEqual(['a', 'b', 'c'])
    release('a')
    await until(() => started.length === 4)
    release('c')
    await until(() => started.length === 5)
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e'])
    release('d')
    release('e')

    const bodies = await Promise.all(answers.map(async (answer) => (await answer).text()))
    expect(bodies).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect([admission.active(), admission.waiting()]).toEqual([0, 0])
  })

  test('a freed place passes to the next in line on a later turn of the event loop', async () => {
    // Node accepts one new connection per turn: a line drained within one turn starves them.
    const { app, started, release } = heldApp(1)
    const first = app.request('/held/first')
    const second = app.request('/held/second')
    await until(() => started.length === 1)
    release('first')
    await first
    for (let tick = 0; tick < 20; tick++) await Promise.resolve()
    expect(started).toEqual(['first'])
    await new Promise((resolve) => setImmediate(resolve))
    await until(() => started.length === 2)
    release('second')
    expect(await (await second).text()).toBe('second')
  })

  test('a request arriving while the line moves goes behind it, not into the freed place', async () => {
    const { app, admission, started, release } = heldApp(1)
    const answers = [app.request('/held/a'), app.request('/held/b')]
    await until(() => started.length === 1)
    release('a')
    await answers[0]
    // a's place is promised to b, which starts on the next turn: c arrives before then.
    answers.push(app.request('/held/c'))
    expect(admission.active()).toBe(1)
    await until(() => started.length === 2)
    release('b')
    await until(() => started.length === 3)
    release('c')
    expect(started).toEqual(['a', 'b', 'c'])
    for (const answer of answers) expect((await answer).status).toBe(200)
  })

  test('a failing handler frees its place', async () => {
    const admission = admitInOrder(1)
    const app = new Hono()
      .use('*', admission.middleware)
      .get('/fails', () => {
        throw new Error('boom')
      })
      .get('/works', (c) => c.text('ok'))
    app.onError((_, c) => c.text('failed', 500))
    expect((await app.request('/fails')).status).toBe(500)
    expect(await (await app.request('/works')).text()).toBe('ok')
    expect(admission.active()).toBe(0)
  })

  test('a request whose client left while it waited is not handled', async () => {
    const { app, started, release } = heldApp(1)
    const first = app.request('/held/first')
    await until(() => started.length === 1)
    const leaving = new AbortController()
    const left = app.request(new Request('http://localhost/held/left', { signal: leaving.signal }))
    const last = app.request('/held/last')
    leaving.abort()

    release('first')
    await until(() => started.length === 2)
    release('last')
    expect(started).toEqual(['first', 'last'])
    expect((await left).status).toBe(499)
    expect(await (await first).text()).toBe('first')
    expect(await (await last).text()).toBe('last')
  })

  test('what is not behind it answers while every place is taken', async () => {
    const { app, started, release } = heldApp(1)
    const held = app.request('/held/long')
    await until(() => started.length === 1)
    expect(await (await app.request('/healthz')).text()).toBe('ok')
    release('long')
    await held
  })
})

describe('the app with one request at a time (MAX_ACTIVE_REQUESTS=1)', () => {
  test('answers API and auth requests sent together, none waiting on another for ever', async () => {
    const t = await createTestApp({ env: { MAX_ACTIVE_REQUESTS: '1' } })
    try {
      const owner = await signUp(t.app)
      const call = apiCaller(t.app, () => owner.accessToken)
      expect((await call('PUT', '/api/business', businessInput)).status).toBe(200)
      const answers = await Promise.all([
        ...Array.from({ length: 8 }, () =>
          t.app.request('/api/business', { headers: authHeader(owner.accessToken) }),
        ),
        t.app.request('/auth/v1/user', { headers: authHeader(owner.accessToken) }),
        t.app.request('/healthz'),
      ])
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200))
    } finally {
      await t.close()
    }
  })

  test('MAX_ACTIVE_REQUESTS is a whole number from 1, or unset for the default of the database', () => {
    expect(parseEnv({}).MAX_ACTIVE_REQUESTS).toBeUndefined()
    expect(parseEnv({ MAX_ACTIVE_REQUESTS: '' }).MAX_ACTIVE_REQUESTS).toBeUndefined()
    expect(parseEnv({ MAX_ACTIVE_REQUESTS: '4' }).MAX_ACTIVE_REQUESTS).toBe(4)
    for (const wrong of ['0', '-1', '2.5', 'many'])
      expect(() => parseEnv({ MAX_ACTIVE_REQUESTS: wrong })).toThrow(/MAX_ACTIVE_REQUESTS/)
  })
})
