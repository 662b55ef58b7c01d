// "Verify all" runs on the server (issue 30 item 8): one POST starts it, the screen reads its progress
// until it ends and refreshes the list as results land, a reload finds it going on, Stop ends it.
// The reads every second run on the test clock (intervals only: rendering keeps its real timers).
import type { Backlink, BacklinkVerifyRun } from '@localseo/shared/backlinks'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { paths } from '@/config/paths'
import { ownerHandlers, savedBusiness } from '@/test/business-fixtures'
import { json, storeSession, stubNetwork } from '@/test/network'
import { loadScreens, renderApp } from '@/test/render-app'

const RUN_ID = '00000000-0000-4000-8000-0000000000a1'

function backlink(n: number, status = 'active'): Backlink {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    businessId: savedBusiness.id,
    url: `https://site-${n}.example.com/links`,
    domain: `site-${n}.example.com`,
    anchorText: `Site ${n}`,
    linkType: 'dofollow',
    quality: 'medium',
    qualityBasis: null,
    firstSeen: '2026-03-01T12:00:00.000Z',
    metrics: null,
    status,
    isLocationSpecific: false,
    locationId: null,
    sample: false,
    createdAt: '2026-03-01T12:00:00.000Z',
    lastCheckedAt: null,
    httpStatus: null,
    verification: null,
  }
}

function makeRun(overrides: Partial<BacklinkVerifyRun> = {}): BacklinkVerifyRun {
  return {
    id: RUN_ID,
    location: 'main',
    status: 'queued',
    total: 3,
    checked: 0,
    active: 0,
    broken: 0,
    unverifiable: 0,
    unreachable: 0,
    failed: 0,
    error: null,
    startedAt: '2026-03-10T15:00:00.000Z',
    finishedAt: null,
    ...overrides,
  }
}

/**
 * A stand-in for the server: `latest` is the run GET /api/backlinks/verify-runs/latest answers; each
 * read of a run going on moves it one link further when `advance` is set, as the job would.
 */
function signIn({ latest = null as BacklinkVerifyRun | null, advance = true } = {}) {
  let run = latest
  let items = [backlink(1, 'broken'), backlink(2, 'broken'), backlink(3, 'broken')]
  const starts: unknown[] = []
  const stops: string[] = []
  let listReads = 0
  storeSession()
  const network = stubNetwork({
    ...ownerHandlers({ business: savedBusiness }),
    'GET /api/backlinks': () => {
      listReads += 1
      return json({ items, page: 1, pageSize: 20, total: items.length })
    },
    'GET /api/backlinks/summary': () =>
      json({
        total: items.length,
        dofollow: items.length,
        nofollow: 0,
        highQuality: 0,
        highQualityPercent: 0,
        broken: items.filter((b) => b.status === 'broken').length,
        topDomains: [],
        topAnchors: [],
        growth: { last30Days: 0, last90Days: 0, last180Days: 0 },
        qualityDistribution: { high: 0, medium: items.length, low: 0, unrated: 0 },
        metricsProvider: null,
      }),
    'GET /api/backlinks/verify-runs/latest': () => {
      if (run && advance && (run.status === 'queued' || run.status === 'running')) {
        const checked = run.checked + 1
        // The job stores each result: the second link stays broken, the others are found.
        const status = checked === 2 ? 'broken' : 'active'
        items = items.map((b, i) => (i === checked - 1 ? { ...b, status } : b))
        run = {
          ...run,
          status: checked === run.total ? 'done' : 'running',
          checked,
          active: run.active + (status === 'active' ? 1 : 0),
          broken: run.broken + (status === 'broken' ? 1 : 0),
          finishedAt: checked === run.total ? '2026-03-10T15:00:03.000Z' : null,
        }
      }
      return json({ run })
    },
    'POST /api/backlinks/verify-runs': async (request) => {
      starts.push(await request.json())
      run = makeRun()
      return json({ run }, 202)
    },
    [`POST /api/backlinks/verify-runs/${RUN_ID}/stop`]: () => {
      stops.push(RUN_ID)
      run = run && { ...run, status: 'stopped', finishedAt: '2026-03-10T15:00:02.000Z' }
      return json({ run })
    },
  })
  renderApp('/backlinks')
  return { ...network, starts, stops, listReads: () => listReads }
}

async function loaded() {
  await screen.findByRole('heading', { name: 'Backlink Monitor' })
  return screen.findByRole('table', { name: 'Backlinks' })
}

/** The next read of the run, a second on. */
const nextRead = () => act(() => vi.advanceTimersByTimeAsync(1_000))

const rowOf = (table: HTMLElement, domain: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(domain))!

beforeAll(() => loadScreens(paths.backlinks))
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('Verify all', () => {
  test('one request starts the run; its progress shows until it ends, and the list follows', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const { starts, listReads } = signIn()
    const table = await loaded()
    const readsBefore = listReads()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Verify all' }))
    expect(
      await screen.findByText(
        'Checking your backlinks… 0 of 3 checked (0 active, 0 broken, 0 unverifiable).',
      ),
    ).toBeVisible()

    await nextRead()
    expect(
      await screen.findByText(
        'Checking your backlinks… 1 of 3 checked (1 active, 0 broken, 0 unverifiable).',
      ),
    ).toBeVisible()
    expect(screen.getByRole('button', { name: 'Stop checking' })).toBeEnabled()
    // A row's own Verify waits while the run goes on.
    expect(
      within(rowOf(table, 'site-3.example.com')).getByRole('button', { name: /^Verify/ }),
    ).toBeDisabled()

    await nextRead()
    await nextRead()
    expect(
      await screen.findByText('Checked 3 backlinks: 2 active, 1 broken, 0 unverifiable.'),
    ).toBeVisible()
    expect(starts).toEqual([{ location: 'main' }])
    // Each result that landed refreshed the list: the rows show what the run stored.
    expect(listReads()).toBeGreaterThan(readsBefore)
    await waitFor(() =>
      expect(within(rowOf(table, 'site-3.example.com')).getByText('Active')).toBeVisible(),
    )
    expect(within(rowOf(table, 'site-2.example.com')).getByText('Broken')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Verify all' })).toBeEnabled()
  })

  test('a run going on when the screen opens (a reload) shows where it is, and Stop ends it', async () => {
    const { stops, starts } = signIn({
      latest: makeRun({ status: 'running', total: 12, checked: 2, active: 1, broken: 1 }),
      advance: false,
    })
    await loaded()
    expect(
      await screen.findByText(
        'Checking your backlinks… 2 of 12 checked (1 active, 1 broken, 0 unverifiable).',
      ),
    ).toBeVisible()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Stop checking' }))
    expect(
      await screen.findByText(
        'Stopped. Checked 2 backlinks: 1 active, 1 broken, 0 unverifiable. 10 still to check.',
      ),
    ).toBeVisible()
    expect(stops).toEqual([RUN_ID])
    expect(starts).toEqual([])
    expect(screen.getByRole('button', { name: 'Verify all' })).toBeEnabled()
  })

  test('a run that ended before this visit is not reported again', async () => {
    const { calls } = signIn({
      latest: makeRun({ status: 'done', total: 3, checked: 3, active: 3 }),
    })
    await loaded()
    await waitFor(() => expect(calls).toContain('GET /api/backlinks/verify-runs/latest'))
    expect(screen.getByRole('button', { name: 'Verify all' })).toBeEnabled()
    expect(screen.queryByText(/^Checked 3 backlinks/)).not.toBeInTheDocument()
  })
})
