import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { businesses } from '../../db/schema/business.js'
import { reportSettings } from '../../db/schema/reports.js'
import { apiCaller } from '../../testing/api.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { authHeader, signUp } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'
import { pdfText, seedReportMonth } from '../../testing/reports.js'

let t: TestApp
let owner: { accessToken: string; userId: string }
const clock = createTestClock(new Date('2026-04-02T15:00:00Z'))

const call = <T = { error: { code: string; issues?: { path: string; message: string }[] } }>(
  method: string,
  path: string,
  body?: unknown,
  bearer?: string,
) => apiCaller(t.app, () => owner.accessToken)<T>(method, path, body, bearer)

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

const settings = {
  title: 'Acme Marketing: your month',
  color: '#0F766E',
  recipients: ['Boss@Example.com', 'marketer@example.com'],
  logo: { type: 'image/png', data: PNG.toString('base64') },
}

beforeEach(async () => {
  t = await createTestApp({ clock })
  owner = await signUp(t.app, { email: 'owner@example.com' })
  await call('PUT', '/api/business', businessInput)
})
afterEach(() => t.close())

describe('/api/reports/settings', () => {
  test('starts empty, saves the white label and recipients, and the PDF uses them', async () => {
    expect((await call('GET', '/api/reports/settings')).body).toEqual({
      title: '',
      color: '#1d4ed8',
      recipients: [],
      logo: null,
    })
    const saved = await call('PUT', '/api/reports/settings', settings)
    expect(saved.status).toBe(200)
    expect(saved.body).toEqual({
      ...settings,
      color: '#0f766e',
      recipients: ['boss@example.com', 'marketer@example.com'],
    })
    // Without a logo in the body the saved one stays; null removes it.
    const kept = await call<{ logo: unknown }>('PUT', '/api/reports/settings', {
      ...settings,
      logo: undefined,
    })
    expect(kept.body.logo).toEqual(settings.logo)

    const [row] = await t.db.select().from(businesses).where(eq(businesses.userId, owner.userId))
    await seedReportMonth(t.db, row!.id)
    const res = await t.app.request('/api/reports/pdf?month=2026-03', {
      headers: authHeader(owner.accessToken),
    })
    expect(res.status).toBe(200)
    const text = await pdfText(new Uint8Array(await res.arrayBuffer()))
    expect(text).toContain('Acme Marketing: your month')
    expect(text).not.toContain('Monthly local SEO report')

    const removed = await call<{ logo: unknown }>('PUT', '/api/reports/settings', {
      ...settings,
      logo: null,
    })
    expect(removed.body.logo).toBeNull()
  })

  test('bad input is a 422 and nothing is written', async () => {
    const bad = [
      { ...settings, color: 'teal' },
      { ...settings, recipients: ['not an email'] },
      { ...settings, recipients: ['a@example.com', 'A@example.com'] },
      { ...settings, title: 'x'.repeat(81) },
      // A JPEG that is a PNG, and a GIF.
      { ...settings, logo: { type: 'image/jpeg', data: PNG.toString('base64') } },
      { ...settings, logo: { type: 'image/gif', data: PNG.toString('base64') } },
      // 201 KB: over the limit.
      {
        ...settings,
        logo: {
          type: 'image/png',
          data: Buffer.concat([PNG, Buffer.alloc(201 * 1024)]).toString('base64'),
        },
      },
    ]
    for (const body of bad) {
      const res = await call('PUT', '/api/reports/settings', body)
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422)
      expect(res.body.error.code).toBe('validation_failed')
    }
    expect(await t.db.select().from(reportSettings)).toEqual([])
  })

  test("another owner reads and changes only their own business's settings", async () => {
    await call('PUT', '/api/reports/settings', settings)
    const other = await signUp(t.app, { email: 'other@example.com' })
    await call('PUT', '/api/business', { ...businessInput, name: 'Other' }, other.accessToken)
    const theirs = await call('GET', '/api/reports/settings', undefined, other.accessToken)
    expect(theirs.body).toMatchObject({ title: '', recipients: [], logo: null })
    await call(
      'PUT',
      '/api/reports/settings',
      { ...settings, title: 'Theirs', logo: null },
      other.accessToken,
    )
    expect((await call('GET', '/api/reports/settings')).body).toMatchObject({
      title: settings.title,
      logo: settings.logo,
    })
  })

  test('without a business there are no settings to save (404)', async () => {
    const fresh = await signUp(t.app, { email: 'fresh@example.com' })
    expect((await call('PUT', '/api/reports/settings', settings, fresh.accessToken)).status).toBe(
      404,
    )
  })
})
