// Issues to Fix tells the truth (issue 32 item 8): a failed audit, listings that differ, lost links
// and failed checks are listed with where to fix them; another owner's problems never are.
import { afterEach, beforeEach, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import type { DashboardIssue } from '@localseo/shared/dashboard'
import { backlinks } from '../../db/schema/backlinks.js'
import { businesses } from '../../db/schema/business.js'
import { keywords } from '../../db/schema/keywords.js'
import { rankPositions } from '../../db/schema/rank-tracker.js'
import { siteAuditRuns } from '../../db/schema/site-audit.js'
import { createAuditRun } from '../../testing/audit-runs.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signUp } from '../../testing/auth.js'
import { businessInput } from '../../testing/factories.js'
import { insertKeyword } from '../../testing/keywords.js'

let t: TestApp
const clock = createTestClock(new Date('2026-03-10T15:00:00Z'))

beforeEach(async () => {
  t = await createTestApp({ clock })
})
afterEach(() => t.close())

async function owner(email: string) {
  const { accessToken } = await signUp(t.app, { email })
  const call = apiCaller(t.app, () => accessToken)
  await call('PUT', '/api/business', { ...businessInput, website: 'https://brightsmile.example' })
  const rows = await t.db.select({ id: businesses.id }).from(businesses)
  const businessId = rows.at(-1)!.id
  const issues = async () =>
    (await call<{ issues: DashboardIssue[] }>('GET', '/api/dashboard')).body.issues
  return { call, businessId, issues }
}

test('a failed audit, recorded listings that differ, lost links and failed checks are issues to fix', async () => {
  const { call, businessId, issues } = await owner('owner@example.com')
  const before = await issues()
  expect(before.map((i) => i.id)).not.toContain('audit-failed')

  // The latest audit failed (an older one finished).
  await createAuditRun(t.db, { businessId, startedAt: new Date('2026-03-01T12:00:00Z') })
  const failed = await createAuditRun(t.db, { businessId, status: 'failed' })
  await t.db
    .update(siteAuditRuns)
    .set({ error: 'Your website did not answer.' })
    .where(eq(siteAuditRuns.id, failed.id))
  // Yelp shows another phone number than the profile.
  await call('PUT', '/api/listings/records', {
    platform: 'Yelp',
    name: businessInput.name,
    address: '100 Congress Ave, Austin, TX 78701',
    phone: '(512) 555-9999',
  })
  // Two links were found gone.
  await t.db.insert(backlinks).values(
    ['a.example', 'b.example'].map((domain) => ({
      businessId,
      url: `https://${domain}/`,
      domain,
      anchorText: 'Bright Smile Dental',
      linkType: 'dofollow' as const,
      quality: 'low' as const,
      status: 'broken',
      domainAuthority: 40,
      spamScore: 1,
    })),
  )
  // One tracked keyword's latest check failed; another's failed yesterday but worked today.
  await t.db.delete(keywords)
  const failing = await insertKeyword(t.db, {
    businessId,
    keyword: 'dentist austin',
    positions: [],
    now: clock.now(),
  })
  const recovered = await insertKeyword(t.db, {
    businessId,
    keyword: 'teeth whitening austin',
    positions: [null, 7],
    now: clock.now(),
  })
  await t.db.update(keywords).set({ tracked: true })
  await t.db.insert(rankPositions).values([
    {
      keywordId: failing.id,
      businessId,
      day: '2026-03-10',
      status: 'failed',
      reason: 'The provider did not answer.',
      checkedAt: clock.now(),
    },
    {
      keywordId: recovered.id,
      businessId,
      day: '2026-03-09',
      status: 'failed',
      reason: 'The provider did not answer.',
      checkedAt: clock.now(),
    },
  ])

  const found = Object.fromEntries((await issues()).map((i) => [i.id, i]))
  expect(found['audit-failed']).toEqual({
    id: 'audit-failed',
    severity: 'high',
    description:
      'Your latest site audit failed. Your website did not answer. Run it again once your website answers.',
    area: 'site-audit',
  })
  expect(found['listings-inconsistent']).toMatchObject({ area: 'listings', severity: 'medium' })
  expect(found['listings-inconsistent']?.description).toMatch(
    /^Your name, address or phone differ from your profile on 1 listing you recorded\./,
  )
  expect(found['backlinks-broken']).toMatchObject({
    area: 'backlinks',
    description: '2 links to your website are lost: the page is gone or no longer links to you.',
  })
  expect(found['rank-checks-failed']).toMatchObject({
    area: 'rank-tracker',
    description:
      'The latest check of 1 tracked keyword failed, so its position is not known. Retry on the Rank Tracker.',
  })
  // Most severe first.
  const severities = (await issues()).map((i) => i.severity)
  expect(severities).toEqual([...severities].sort((a, b) => order[a]! - order[b]!))

  // Another owner sees none of it.
  const other = await owner('other@example.com')
  const theirs = (await other.issues()).map((i) => i.id)
  for (const id of ['audit-failed', 'backlinks-broken', 'rank-checks-failed']) {
    expect(theirs).not.toContain(id)
  }
})

const order: Record<string, number> = { high: 0, medium: 1, low: 2 }

test('differences shown only by sample listings are named as sample data', async () => {
  const { issues } = await owner('owner@example.com')
  const listing = (await issues()).find((i) => i.area === 'listings')
  expect(listing).toMatchObject({ id: 'listings-sample-inconsistent', severity: 'low' })
  expect(listing?.description).toMatch(/^The sample listings show \d+ platforms? with details/)
})
