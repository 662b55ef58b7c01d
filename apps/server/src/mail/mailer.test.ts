// The mailer and the local outbox at /dev/mail (issue 3 item 1).
import { afterEach, describe, expect, test } from 'vitest'
import { pino } from 'pino'
import { parseEnv } from '../env.js'
import { postAuth, signUp } from '../testing/auth.js'
import { createTestApp, type TestApp } from '../testing/app.js'
import { createMailer } from './mailer.js'
import { accountMail, type AccountMailKind } from './templates.js'

let t: TestApp | undefined

afterEach(async () => {
  await t?.close()
  t = undefined
})

const loopback = { incoming: { socket: { remoteAddress: '127.0.0.1' } } }
const remote = { incoming: { socket: { remoteAddress: '203.0.113.50' } } }

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
    const res = await t.app.request('/dev/mail.json', {}, loopback)
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    const { messages } = (await res.json()) as Listed
    expect(messages.map((m) => m.to)).toEqual(['second@example.com', s.email])
    expect(messages[1]?.subject).toBe('Reset your LocalSEO AI password')
    expect(messages[1]?.link).toContain('/auth/v1/verify?token=')
    expect(Number.isNaN(Date.parse(messages[1]?.createdAt ?? ''))).toBe(false)
    const page = await t.app.request('/dev/mail', {}, loopback)
    expect(page.status).toBe(200)
    expect(page.headers.get('Content-Type')).toMatch(/text\/html/)
    const html = await page.text()
    expect(html).toContain('Reset your LocalSEO AI password')
    expect(html).toContain('<a href="http://localhost:3000/auth/v1/verify?token=')
  })

  test('shows at most 50 messages', async () => {
    t = await createTestApp()
    for (let i = 0; i < 55; i++) {
      await t.deps.mailer.send({ to: `n${i}@example.com`, subject: `m${i}`, text: 't', html: 'h' })
    }
    const { messages } = (await (
      await t.app.request('/dev/mail.json', {}, loopback)
    ).json()) as Listed
    expect(messages).toHaveLength(50)
  })

  test('is not found for a remote client, without socket information, or in production', async () => {
    t = await createTestApp()
    expect((await t.app.request('/dev/mail.json', {}, remote)).status).toBe(404)
    expect((await t.app.request('/dev/mail', {})).status).toBe(404)
    await t.close()
    t = await createTestApp({ env: { NODE_ENV: 'production' } })
    expect((await t.app.request('/dev/mail.json', {}, loopback)).status).toBe(404)
    expect((await t.app.request('/dev/mail', {}, loopback)).status).toBe(404)
  })
})
