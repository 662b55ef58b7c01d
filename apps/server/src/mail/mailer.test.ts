// The mailer and the local outbox at /dev/mail (issue 3 item 1), which asks for its key (issue 14
// item 5).
import { afterEach, describe, expect, test } from 'vitest'
import { pino } from 'pino'
import { createApp } from '../app.js'
import { parseEnv } from '../env.js'
import { postAuth, signUp } from '../testing/auth.js'
import { createTestApp, type TestApp } from '../testing/app.js'
import { generateDevMailKey } from './dev-mail-key.js'
import { createMailer } from './mailer.js'
import { accountMail, type AccountMailKind } from './templates.js'

let t: TestApp | undefined

afterEach(async () => {
  await t?.close()
  t = undefined
})

const loopback = { incoming: { socket: { remoteAddress: '127.0.0.1' } } }
const remote = { incoming: { socket: { remoteAddress: '203.0.113.50' } } }
/** `path` with the test app's outbox key as `?key=`. */
const keyed = (path: string) => `${path}?key=${t?.devMailKey ?? ''}`
const NOT_FOUND = { error: { code: 'not_found', message: 'Not found.' } }

interface Listed {
  messages: {
    id: string
    to: string
    subject: string
    text: string
    html: string
    link: string | null
    createdAt: string
  }[]
}

describe('templates', () => {
  test('every account email names the product and carries the link and the code, escaped in HTML', () => {
    const kinds: AccountMailKind[] = ['signup', 'recovery', 'magiclink', 'email_change']
    for (const kind of kinds) {
      const mail = accountMail({
        kind,
        to: 'owner@example.com',
        link: 'http://localhost:3000/auth/v1/verify?token=a&type=x&redirect_to=y',
        code: '042137',
        validMinutes: 60,
        newEmail: '<b>new@example.com</b>',
      })
      expect(mail.subject).toContain('LocalSEO AI')
      expect(mail.text).toContain('http://localhost:3000/auth/v1/verify?token=a&type=x')
      expect(mail.text).toContain('042137')
      expect(mail.text).toContain('60 minutes')
      expect(mail.html).toContain('LocalSEO AI')
      expect(mail.html).toContain('token=a&amp;type=x')
      expect(mail.html).toContain('042137')
      expect(mail.html).not.toContain('<b>new@example.com</b>')
    }
  })

  test('SMTP_URL selects nodemailer, otherwise the outbox', async () => {
    t = await createTestApp()
    const deps = { db: t.db, clock: t.deps.clock, logger: pino({ level: 'silent' }) }
    expect(
      createMailer({ ...deps, env: parseEnv({ SMTP_URL: 'smtp://127.0.0.1:2525' }) }).kind,
    ).toBe('smtp')
    expect(createMailer({ ...deps, env: parseEnv({}) }).kind).toBe('outbox')
  })
})

describe('/dev/mail', () => {
  test('lists the outbox newest first as JSON and as a page, to a loopback client', async () => {
    t = await createTestApp()
    const s = await signUp(t.app)
    await postAuth(t.app, '/recover', { email: s.email })
    await postAuth(t.app, '/otp', { email: 'second@example.com' })
    const res = await t.app.request(keyed('/dev/mail.json'), {}, loopback)
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    const { messages } = (await res.json()) as Listed
    expect(messages.map((m) => m.to)).toEqual(['second@example.com', s.email])
    expect(messages[1]?.subject).toBe('Reset your LocalSEO AI password')
    expect(messages[1]?.link).toContain('/auth/v1/verify?token=')
    expect(Number.isNaN(Date.parse(messages[1]?.createdAt ?? ''))).toBe(false)
    const page = await t.app.request(keyed('/dev/mail'), {}, loopback)
    expect(page.status).toBe(200)
    expect(page.headers.get('Content-Type')).toMatch(/text\/html/)
    const html = await page.text()
    expect(html).toContain('Reset your LocalSEO AI password')
    expect(html).toContain('<a href="http://localhost:3000/auth/v1/verify?token=')
    // The links back to the outbox itself keep the key; nothing on the page links out with it.
    expect(html).toContain(`<a href="/dev/mail?key=${t.devMailKey}">Refresh</a>`)
    expect(html).toContain(`<a href="/dev/mail.json?key=${t.devMailKey}">JSON</a>`)
    expect(html).toContain('<meta name="referrer" content="no-referrer">')
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1] ?? '')
    for (const href of hrefs.filter((h) => h.includes(t?.devMailKey ?? '?'))) {
      expect(href).toMatch(/^\/dev\/mail(\.json)?\?key=/)
    }
  })

  test('shows at most 50 messages', async () => {
    t = await createTestApp()
    for (let i = 0; i < 55; i++) {
      await t.deps.mailer.send({ to: `n${i}@example.com`, subject: `m${i}`, text: 't', html: 'h' })
    }
    const { messages } = (await (
      await t.app.request(keyed('/dev/mail.json'), {}, loopback)
    ).json()) as Listed
    expect(messages).toHaveLength(50)
  })

  test('the key is accepted as Authorization: Bearer too', async () => {
    t = await createTestApp()
    await t.deps.mailer.send({ to: 'a@example.com', subject: 'hello', text: 't', html: 'h' })
    const headers = { Authorization: `Bearer ${t.devMailKey}` }
    const res = await t.app.request('/dev/mail.json', { headers }, loopback)
    expect(res.status).toBe(200)
    expect(((await res.json()) as Listed).messages.map((m) => m.to)).toEqual(['a@example.com'])
    const page = await t.app.request('/dev/mail', { headers }, loopback)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(`href="/dev/mail?key=${t.devMailKey}"`)
  })

  test('without the key, or with a wrong one, a loopback client gets the same 404 as before', async () => {
    t = await createTestApp()
    await postAuth(t.app, '/recover', { email: (await signUp(t.app)).email })
    const key = t.devMailKey
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const attempts: [string, Record<string, string>][] = [
      ['/dev/mail.json', {}],
      ['/dev/mail', {}],
      ['/dev/mail.json?key=', {}],
      [`/dev/mail.json?key=${generateDevMailKey()}`, {}],
      [`/dev/mail.json?key=${key.slice(0, -1)}`, {}],
      [`/dev/mail.json?key=${key}x`, {}],
      [`/dev/mail.json?key=${key.toUpperCase()}`, {}],
      [`/dev/mail?key=${key.slice(1)}`, {}],
      [`/dev/mail.json?KEY=${key}`, {}],
      ['/dev/mail.json', { Authorization: `Bearer ${generateDevMailKey()}` }],
      ['/dev/mail.json', { Authorization: `Basic ${key}` }],
      ['/dev/mail.json', { Authorization: key }],
      ['/dev/mail.json', { 'X-Dev-Mail-Key': key }],
    ]
    for (const [path, headers] of attempts) {
      const res = await t.app.request(path, { headers }, loopback)
      expect(res.status, `${path} ${JSON.stringify(headers)}`).toBe(404)
      expect(await res.json()).toEqual(NOT_FOUND)
    }
  })

  test('an app given no key answers no one', async () => {
    t = await createTestApp()
    const keyless = createApp({ ...t.deps, devMailKey: undefined })
    expect((await keyless.request('/dev/mail.json', {}, loopback)).status).toBe(404)
    expect((await keyless.request('/dev/mail.json?key=', {}, loopback)).status).toBe(404)
    expect((await keyless.request('/dev/mail.json?key=undefined', {}, loopback)).status).toBe(404)
  })

  test('is not found for a remote client, without socket information, or in production, key or not', async () => {
    t = await createTestApp()
    expect((await t.app.request(keyed('/dev/mail.json'), {}, remote)).status).toBe(404)
    expect((await t.app.request(keyed('/dev/mail'), {}, remote)).status).toBe(404)
    expect((await t.app.request(keyed('/dev/mail'), {})).status).toBe(404)
    await t.close()
    t = await createTestApp({ env: { NODE_ENV: 'production' } })
    expect((await t.app.request(keyed('/dev/mail.json'), {}, loopback)).status).toBe(404)
    expect((await t.app.request(keyed('/dev/mail'), {}, loopback)).status).toBe(404)
  })

  test('the mail log line says where the key is and logs no more of the mail than before', async () => {
    t = await createTestApp()
    const lines: Record<string, unknown>[] = []
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    )
    const mailer = createMailer({ db: t.db, clock: t.deps.clock, logger, env: parseEnv({}) })
    await mailer.send({
      to: 'a@example.com',
      subject: 'Reset',
      text: 'secret body',
      html: '<p>secret body</p>',
      link: 'http://localhost:3000/auth/v1/verify?token=x',
    })
    expect(lines).toHaveLength(1)
    const [line] = lines
    expect(line?.msg).toContain('/dev/mail?key=')
    expect(line?.msg).toContain('DATA_DIR/dev-mail.key')
    expect(JSON.stringify(line)).not.toContain('secret body')
    expect(line).toMatchObject({ to: 'a@example.com', subject: 'Reset' })
  })
})
