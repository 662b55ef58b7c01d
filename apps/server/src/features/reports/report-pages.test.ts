// The report's pages rendered to images (issue 35 "Done when"): pdftoppm from poppler-utils draws
// every page, and each must show something. The PNGs of a run were looked at by hand (ADR 047).
import { execFile } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { businesses } from '../../db/schema/business.js'
import { apiCaller } from '../../testing/api.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { authHeader, signUp } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'
import { pdfFile, pdfPageCount, seedReportMonth } from '../../testing/reports.js'

const run = promisify(execFile)
let t: TestApp
const clock = createTestClock(new Date('2026-04-02T15:00:00Z'))

beforeEach(async () => {
  t = await createTestApp({ clock })
})
afterEach(() => t.close())

/**
 * Share of a greyscale PGM (P5, 8 bits) page's pixels above the footer that are not near white: a
 * page with only its footer counts as blank.
 */
function inkShare(pgm: Buffer): number {
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 40).toString('latin1'))
  if (!header) throw new Error('not a PGM image')
  const width = Number(header[1])
  const height = Number(header[2])
  const pixels = pgm.subarray(
    header[0].length,
    header[0].length + width * Math.floor(height * 0.94),
  )
  let ink = 0
  for (const value of pixels) if (value < 200) ink++
  return ink / pixels.length
}

test('every page of the report renders, and none is blank', async () => {
  const owner = await signUp(t.app, { email: 'owner@example.com' })
  const call = apiCaller(t.app, () => owner.accessToken)
  await call('PUT', '/api/business', { ...businessInput, name: 'Győr Kft. – Łódź Dental' })
  const [row] = await t.db.select().from(businesses).where(eq(businesses.userId, owner.userId))
  await seedReportMonth(t.db, row!.id)
  const res = await t.app.request('/api/reports/pdf?month=2026-03', {
    headers: authHeader(owner.accessToken),
  })
  expect(res.status).toBe(200)
  const file = await pdfFile(new Uint8Array(await res.arrayBuffer()))
  const pages = await pdfPageCount(file)
  expect(pages).toBeGreaterThanOrEqual(2)
  await run('pdftoppm', ['-gray', '-r', '40', file, path.join(path.dirname(file), 'page')])
  const images = (await readdir(path.dirname(file))).filter((name) => name.endsWith('.pgm'))
  expect(images).toHaveLength(pages)
  for (const image of images) {
    const share = inkShare(await readFile(path.join(path.dirname(file), image)))
    // Text, rules and charts: a blank or failed page is all white.
    expect(share, image).toBeGreaterThan(0.003)
  }
})
