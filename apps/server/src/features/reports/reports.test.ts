import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { businesses } from '../../db/schema/business.js'
import { apiCaller } from '../../testing/api.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { authHeader, signUp } from '../../testing/auth.js'
import { createAuditRun } from '../../testing/audit-runs.js'
import { businessInput, locationInput } from '../../testing/factories.js'
import { pdfFile, pdfPageCount, pdfText, seedReportMonth } from '../../testing/reports.js'

let t: TestApp
let owner: { accessToken: string; userId: string }
const clock = createTestClock(new Date('2026-04-02T15:00:00Z'))

const call = <T = { error: { code: string; message: string } }>(
  method: string,
  path: string,
  body?: unknown,
  bearer?: string,
) => apiCaller(t.app, () => owner.accessToken)<T>(method, path, body, bearer)

const download = (query: string, token = owner.accessToken) =>
  t.app.request(`/api/reports/pdf?${query}`, { headers: authHeader(token) })

async function createBusiness() {
  await call('PUT', '/api/business', { ...businessInput, name: 'Łódź Dental Studio' })
  const [row] = await t.db.select().from(businesses).where(eq(businesses.userId, owner.userId))
  return row!.id
}

beforeEach(async () => {
  t = await createTestApp({ clock })
  owner = await signUp(t.app, { email: 'owner@example.com' })
})
afterEach(() => t.close())

describe('GET /api/reports/pdf', () => {
  test('needs a signed-in user', async () => {
    expect((await t.app.request('/api/reports/pdf?month=2026-03')).status).toBe(401)
  })

  test('the month report is a PDF with the business, its figures and their sources', async () => {
    const businessId = await createBusiness()
    const { tasks } = await seedReportMonth(t.db, businessId)
    const res = await download('month=2026-03')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="local-seo-report-lodz-dental-studio-2026-03.pdf"',
    )
    const pdf = new Uint8Array(await res.arrayBuffer())
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-')
    expect(await pdfPageCount(await pdfFile(pdf))).toBeGreaterThanOrEqual(2)
    const text = await pdfText(pdf)
    // The embedded font prints the Polish letters as written.
    expect(text).toContain('Łódź Dental Studio')
    expect(text).toContain('March 2026')
    // The score is the dashboard's starting estimate: no audit has finished.
    expect(text).toMatch(/^72$/m)
    expect(text).toContain('out of 100')
    expect(text).toContain('Source: Estimate')
    // 12 on March 1st, 4 on the 31st: April's check is not March's.
    expect(text).toMatch(/dentist łódź\s+#4\s+Up 8\s+Simulated/)
    expect(text).toContain('Gained this month: 2')
    expect(text).toContain('Lost this month: 1')
    expect(text).toContain('gained-one.example')
    expect(text).not.toContain('april.example')
    expect(text).toContain(`${tasks.length} tasks done this month.`)
    for (const title of tasks) expect(text).toContain(title.slice(0, 30))
  })

  test('a measured score shows its parts; a linked sample profile shows its figures as Sample', async () => {
    const businessId = await createBusiness()
    await seedReportMonth(t.db, businessId)
    await createAuditRun(t.db, { businessId, startedAt: new Date('2026-03-20T12:00:00Z') })
    const linked = await call('PUT', '/api/business-profile/links/main', {
      googleLocation: 'locations/sample-main',
    })
    expect(linked.status).toBe(200)
    const text = await pdfText(
      new Uint8Array(await (await download('month=2026-03')).arrayBuffer()),
    )
    expect(text).toContain('Source: Measured by the site audit of')
    expect(text).toMatch(/\(\d+%\)\s+\d+\/100/)
    expect(text).not.toContain('No Google Business Profile is connected')
    expect(text).toMatch(/New reviews this month: \d+/)
    expect(text).toContain('Source: Sample')
  })

  test('a location has its own report; another owner gets a 404 for it and changes nothing', async () => {
    const businessId = await createBusiness()
    const added = await call<{ locations: { id: string }[] }>(
      'POST',
      '/api/business/locations',
      locationInput('Round Rock'),
    )
    const locationId = added.body.locations[0]!.id
    await seedReportMonth(t.db, businessId, locationId)
    const own = await download(`month=2026-03&location=${locationId}`)
    expect(own.status).toBe(200)
    expect(await pdfText(new Uint8Array(await own.arrayBuffer()))).toContain('Round Rock')

    const other = await signUp(t.app, { email: 'other@example.com' })
    await call(
      'PUT',
      '/api/business',
      { ...businessInput, name: 'Other Dental' },
      other.accessToken,
    )
    const foreign = await download(`month=2026-03&location=${locationId}`, other.accessToken)
    expect(foreign.status).toBe(404)
    expect(await foreign.json()).toMatchObject({ error: { code: 'not_found' } })
    const months = await call(
      'GET',
      `/api/reports/months?location=${locationId}`,
      undefined,
      other.accessToken,
    )
    expect(months.status).toBe(404)
  })

  test('a bad month is a 422 in the one error shape', async () => {
    await createBusiness()
    for (const month of ['2026-13', 'March', '2026-3', '']) {
      const res = await download(`month=${encodeURIComponent(month)}`)
      expect(res.status).toBe(422)
      expect(await res.json()).toMatchObject({ error: { code: 'validation_failed' } })
    }
    expect((await download('')).status).toBe(422)
  })

  test('a month without data is a 404 that says so', async () => {
    await createBusiness()
    const res = await download('month=2020-01')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({
      error: {
        code: 'not_found',
        message: 'There is nothing to report for that month yet: pick a month with data.',
      },
    })
  })
})

describe('GET /api/reports/months', () => {
  test('lists the months with data, newest first', async () => {
    const businessId = await createBusiness()
    await seedReportMonth(t.db, businessId)
    const res = await call<{ months: string[] }>('GET', '/api/reports/months')
    expect(res.status).toBe(200)
    expect(res.body.months).toContain('2026-03')
    expect(res.body.months).toContain('2026-04')
    expect(res.body.months).toEqual([...res.body.months].sort().reverse())
  })
})
