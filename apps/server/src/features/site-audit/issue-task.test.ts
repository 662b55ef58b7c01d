// POST /api/site-audit/runs/:id/issues/:checkId/task (issue 11 item 6): a failed local check becomes
// a pending SEO task once per business and check, and only for the owner of the audit.
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { businesses } from '../../db/schema/business.js'
import { recommendations } from '../../db/schema/recommendations.js'
import { createTestApp, createTestClock, type TestApp } from '../../testing/app.js'
import { apiCaller } from '../../testing/api.js'
import { signUp } from '../../testing/auth.js'
import { createAuditRun } from '../../testing/audit-runs.js'
import { businessInput } from '../../testing/factories.js'
import { CHECKS, type CheckId } from './checks/catalogue.js'
import { auditIssueTask } from './issue-task.js'

interface TaskBody {
  created: boolean
  task: {
    id: string
    title: string
    description: string
    priority: string
    category: string
    points: number
    status: string
    implementationGuide: string
  }
  error?: { code: string; message: string }
}

let t: TestApp
let owner: { accessToken: string; userId: string }
let businessId: string
let runId: string
const clock = createTestClock(new Date('2026-03-10T15:00:00Z'))

const call = <T = TaskBody>(method: string, path: string, body?: unknown, bearer?: string) =>
  apiCaller(t.app, () => owner.accessToken)<T>(method, path, body, bearer)

const taskPath = (checkId: string, run = runId) =>
  `/api/site-audit/runs/${run}/issues/${checkId}/task`

async function auditTasks(id = businessId) {
  const rows = await t.db.select().from(recommendations).where(eq(recommendations.businessId, id))
  return rows.filter((r) => r.sourceKey !== null)
}

beforeEach(async () => {
  t = await createTestApp({ clock })
  owner = await signUp(t.app, { email: 'owner@example.com' })
  await call('PUT', '/api/business', { ...businessInput, website: 'https://brightsmile.example' })
  const [row] = await t.db.select().from(businesses)
  businessId = row!.id
  const run = await createAuditRun(t.db, {
    businessId,
    pages: ['https://brightsmile.example/', 'https://brightsmile.example/round-rock'],
    issues: [
      { checkId: 'tel-link-missing', category: 'local', severity: 'alert', pageCount: 2 },
      { checkId: 'schema-nap-mismatch', category: 'local', severity: 'critical', pageCount: 1 },
      { checkId: 'title-missing', category: 'content', severity: 'alert', pageCount: 1 },
    ],
  })
  runId = run.id
})
afterEach(() => t.close())

describe('turning a failed local check into a task', () => {
  test('the first time makes a pending task from the check (201); it shows in SEO Recommendations', async () => {
    const { status, body } = await call('POST', taskPath('tel-link-missing'))
    expect(status).toBe(201)
    expect(body.created).toBe(true)
    expect(body.task).toMatchObject({
      title: 'Make your phone number tap-to-call',
      priority: 'medium',
      category: 'technical',
      points: 40,
      status: 'pending',
    })
    expect(body.task.description).toBe(
      `${CHECKS['tel-link-missing'].explanation} The site audit found this on 2 pages.`,
    )
    expect(body.task.implementationGuide.split('\n')).toEqual([
      'Open the pages the audit named: https://brightsmile.example/, https://brightsmile.example/round-rock.',
      CHECKS['tel-link-missing'].fix,
      'Publish the change, then run the site audit again to check the problem is gone.',
    ])

    const list = await call<{ tasks: { id: string; title: string; status: string }[] }>(
      'GET',
      '/api/recommendations',
    )
    expect(list.body.tasks).toContainEqual(
      expect.objectContaining({ id: body.task.id, status: 'pending' }),
    )
  })

  test('at most once per check: the second time answers 200 with the same task', async () => {
    const first = await call('POST', taskPath('tel-link-missing'))
    const second = await call('POST', taskPath('tel-link-missing'))
    expect(second.status).toBe(200)
    expect(second.body).toMatchObject({ created: false, task: { id: first.body.task.id } })
    // A later audit that finds the same check still does not make a second task.
    const later = await createAuditRun(t.db, {
      businessId,
      startedAt: new Date('2026-03-11T12:00:00Z'),
      issues: [{ checkId: 'tel-link-missing', category: 'local', severity: 'alert', pageCount: 1 }],
    })
    const third = await call('POST', taskPath('tel-link-missing', later.id))
    expect(third.status).toBe(200)
    expect(third.body.task.id).toBe(first.body.task.id)
    expect(await auditTasks()).toHaveLength(1)
  })

  test('simultaneous clicks make one task', async () => {
    const results = await Promise.all([
      call('POST', taskPath('schema-nap-mismatch')),
      call('POST', taskPath('schema-nap-mismatch')),
      call('POST', taskPath('schema-nap-mismatch')),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 201])
    expect(new Set(results.map((r) => r.body.task.id)).size).toBe(1)
    expect(await auditTasks()).toHaveLength(1)
  })

  test('the audit run shows which local issues already have a task', async () => {
    const { body } = await call('POST', taskPath('schema-nap-mismatch'))
    const run = await call<{ issues: { id: string; taskId: string | null }[] }>(
      'GET',
      `/api/site-audit/runs/${runId}`,
    )
    expect(Object.fromEntries(run.body.issues.map((i) => [i.id, i.taskId]))).toEqual({
      'schema-nap-mismatch': body.task.id,
      'tel-link-missing': null,
      'title-missing': null,
    })
  })

  test('a check that is not local, or that this audit did not find, makes nothing', async () => {
    const content = await call('POST', taskPath('title-missing'))
    expect(content.status).toBe(422)
    expect(content.body.error?.message).toBe('Only failed local checks can become tasks.')
    const passed = await call('POST', taskPath('map-missing'))
    expect(passed.status).toBe(404)
    const unknown = await call('POST', taskPath('no-such-check'))
    expect(unknown.status).toBe(404)
    const bad = await call('POST', taskPath('DROP TABLE'))
    expect(bad.status).toBe(422)
    const badRun = await call('POST', taskPath('tel-link-missing', 'not-a-uuid'))
    expect(badRun.status).toBe(422)
    expect(await auditTasks()).toEqual([])
  })

  test("another owner cannot turn this owner's audit issues into tasks (404, nothing written)", async () => {
    const other = await signUp(t.app, { email: 'other@example.com' })
    await call('PUT', '/api/business', { ...businessInput, name: 'Other' }, other.accessToken)
    const res = await call('POST', taskPath('tel-link-missing'), undefined, other.accessToken)
    expect(res.status).toBe(404)
    const rows = await t.db.select().from(recommendations)
    expect(rows.filter((r) => r.sourceKey !== null)).toEqual([])
    // The owner still can, afterwards.
    expect((await call('POST', taskPath('tel-link-missing'))).status).toBe(201)
  })

  test('each owner gets their own task for the same check', async () => {
    await call('POST', taskPath('tel-link-missing'))
    const other = await signUp(t.app, { email: 'other@example.com' })
    await call('PUT', '/api/business', { ...businessInput, name: 'Other' }, other.accessToken)
    const otherBusiness = (await t.db.select().from(businesses)).find((b) => b.name === 'Other')!
    const otherRun = await createAuditRun(t.db, {
      businessId: otherBusiness.id,
      issues: [{ checkId: 'tel-link-missing', category: 'local', severity: 'alert', pageCount: 1 }],
    })
    const res = await call(
      'POST',
      taskPath('tel-link-missing', otherRun.id),
      undefined,
      other.accessToken,
    )
    expect(res.status).toBe(201)
    expect(await auditTasks(otherBusiness.id)).toHaveLength(1)
    expect(await auditTasks()).toHaveLength(1)
  })
})

describe('auditIssueTask', () => {
  test('every local check has a task; priority and points follow the severity', () => {
    const local = (Object.keys(CHECKS) as CheckId[]).filter((id) => CHECKS[id].category === 'local')
    expect(local.length).toBeGreaterThan(5)
    for (const id of local) {
      const task = auditIssueTask(id, [{ url: 'https://a.example/' }], 1)
      const expected = { critical: ['high', 50], alert: ['medium', 40], warning: ['low', 25] }[
        CHECKS[id].severity
      ]
      expect([task.priority, task.points]).toEqual(expected)
      expect(['technical', 'content', 'listings']).toContain(task.category)
      expect(task.implementationGuide).toContain(CHECKS[id].fix)
    }
  })

  test('the guide names at most 5 pages and says how many more', () => {
    const pages = Array.from({ length: 7 }, (_, i) => ({ url: `https://a.example/${i}` }))
    const guide = auditIssueTask('map-missing', pages, 9).implementationGuide
    expect(guide.split('\n')[0]).toBe(
      'Open the pages the audit named: https://a.example/0, https://a.example/1, https://a.example/2, https://a.example/3, https://a.example/4 and 4 more.',
    )
  })
})
