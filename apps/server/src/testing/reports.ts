// A month of known figures for the report tests (issue 35 item 4), and what poppler-utils reads of
// a PDF: its text (pdftotext) and its page count (pdfinfo). CI installs poppler-utils (.ci/run).
import { execFile } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { eq } from 'drizzle-orm'
import { keywordKey } from '@localseo/shared/rank-tracker'
import type { Db } from '../db/client.js'
import { backlinks } from '../db/schema/backlinks.js'
import { geoGridPoints, geoGridScans } from '../db/schema/geo-grid.js'
import { keywords } from '../db/schema/keywords.js'
import { rankPositions } from '../db/schema/rank-tracker.js'
import { recommendations } from '../db/schema/recommendations.js'

const run = promisify(execFile)

/** The PDF written to a new temporary folder; its path. */
export async function pdfFile(pdf: Uint8Array): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'report-'))
  const file = path.join(dir, 'report.pdf')
  await writeFile(file, pdf)
  return file
}

export async function pdfText(pdf: Uint8Array): Promise<string> {
  const { stdout } = await run('pdftotext', ['-layout', await pdfFile(pdf), '-'])
  return stdout
}

export async function pdfPageCount(file: string): Promise<number> {
  const { stdout } = await run('pdfinfo', [file])
  return Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1] ?? 0)
}

/**
 * March 2026 for a business: its sample keywords and backlinks replaced by one tracked keyword that
 * went from 12 to 4, a finished 5x5 geo-grid scan (ranks 1 to 24, 21 and over not found, one
 * point failed), two links gained, one found broken, and two tasks done.
 */
export async function seedReportMonth(
  db: Db,
  businessId: string,
  locationId: string | null = null,
) {
  await db.delete(keywords).where(eq(keywords.businessId, businessId))
  await db.delete(backlinks).where(eq(backlinks.businessId, businessId))
  const [keyword] = await db
    .insert(keywords)
    .values({
      businessId,
      locationId,
      keyword: 'dentist łódź',
      keywordKey: keywordKey('dentist łódź'),
      tracked: true,
    })
    .returning()
  const checks: [string, number][] = [
    ['2026-03-01', 12],
    ['2026-03-10', 9],
    ['2026-03-20', 6],
    ['2026-03-31', 4],
    ['2026-04-01', 2],
  ]
  await db.insert(rankPositions).values(
    checks.map(([day, position]) => ({
      keywordId: keyword!.id,
      businessId,
      day,
      status: 'ok' as const,
      position,
      checkedAt: new Date(`${day}T12:00:00Z`),
    })),
  )
  const link = (domain: string, firstSeen: string) => ({
    businessId,
    locationId,
    url: `https://${domain}/page`,
    domain,
    anchorText: 'dentist',
    linkType: 'dofollow' as const,
    quality: 'medium' as const,
    firstSeen: new Date(firstSeen),
  })
  await db.insert(backlinks).values([
    link('gained-one.example', '2026-03-05T15:00:00Z'),
    link('gained-two.example', '2026-03-28T15:00:00Z'),
    {
      ...link('older.example', '2026-01-10T15:00:00Z'),
      status: 'broken',
      lastCheckedAt: new Date('2026-03-15T10:00:00Z'),
    },
    link('april.example', '2026-04-01T15:00:00Z'),
  ])
  const tasks = await db
    .select({ id: recommendations.id, title: recommendations.title })
    .from(recommendations)
    .where(eq(recommendations.businessId, businessId))
    .limit(2)
  for (const [i, task] of tasks.entries()) {
    await db
      .update(recommendations)
      .set({ status: 'completed', completedDate: `2026-03-1${i}` })
      .where(eq(recommendations.id, task.id))
  }
  const [scan] = await db
    .insert(geoGridScans)
    .values({
      businessId,
      locationId,
      keyword: 'dentist łódź',
      keywordKey: keywordKey('dentist łódź'),
      gridSize: 5,
      spacingKm: 1,
      centerLat: 30.27,
      centerLng: -97.74,
      zoom: 13,
      status: 'done',
      simulated: true,
      sourceLabel: 'Simulated',
      createdAt: new Date('2026-03-21T10:00:00Z'),
      finishedAt: new Date('2026-03-21T10:05:00Z'),
    })
    .returning()
  await db.insert(geoGridPoints).values(
    Array.from({ length: 25 }, (_, i) => ({
      scanId: scan!.id,
      businessId,
      row: Math.floor(i / 5),
      col: i % 5,
      lat: 30.27,
      lng: -97.74,
      status: i === 12 ? ('failed' as const) : ('ok' as const),
      position: i === 12 || i + 1 > 20 ? null : i + 1,
      reason: i === 12 ? 'The search did not answer.' : null,
    })),
  )
  return { tasks: tasks.map((t) => t.title) }
}
