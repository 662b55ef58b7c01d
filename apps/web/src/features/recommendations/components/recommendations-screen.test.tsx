import { emptyBusiness } from '@localseo/shared/business'
import { computeProgress, type SeoTask } from '@localseo/shared/progress'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, test } from 'vitest'
import { paths } from '@/config/paths'
import { ownerHandlers, savedBusiness } from '@/test/business-fixtures'
import { deferred, json, storeSession, stubNetwork } from '@/test/network'
import { loadScreens, renderApp } from '@/test/render-app'

const task = (overrides: Partial<SeoTask> & Pick<SeoTask, 'id' | 'title'>): SeoTask => ({
  description: `Why ${overrides.title} matters.`,
  priority: 'medium',
  status: 'pending',
  category: 'content',
  impact: 'More local visibility.',
  points: 40,
  completedDate: null,
  implementationGuide: 'Open your profile.\nFill in every field.\nCheck it on your phone.',
  createdAt: '2026-03-10T15:00:00.000Z',
  ...overrides,
})

const starterTasks: SeoTask[] = [
  task({
    id: 't1',
    title: 'Complete your Google Business Profile',
    priority: 'high',
    category: 'listings',
    points: 50,
  }),
  task({
    id: 't2',
    title: 'Ask happy customers for Google reviews',
    priority: 'high',
    category: 'reputation',
    points: 75,
  }),
  task({
    id: 't3',
    title: 'Add LocalBusiness schema markup',
    category: 'technical',
    points: 50,
    status: 'in-progress',
  }),
  task({ id: 't4', title: 'Write a page for customers in Austin', points: 60 }),
  task({
    id: 't5',
    title: 'Post a weekly update',
    priority: 'low',
    category: 'listings',
    points: 25,
  }),
]

const body = (tasks: SeoTask[]) => ({ tasks, progress: computeProgress(tasks) })

function signIn({
  tasks = starterTasks,
  business = savedBusiness,
  extra = {},
  path = '/recommendations',
}: {
  path?: string
  tasks?: SeoTask[]
  business?: typeof savedBusiness
  extra?: Parameters<typeof stubNetwork>[0]
} = {}) {
  storeSession()
  let current = tasks
  const patches: { id: string; status: string }[] = []
  const network = stubNetwork({
    ...ownerHandlers({ business }),
    'GET /api/recommendations': () => json(body(current)),
    ...Object.fromEntries(
      current.map((t) => [
        `PATCH /api/recommendations/${t.id}`,
        async (request: Request) => {
          const { status } = (await request.json()) as { status: SeoTask['status'] }
          patches.push({ id: t.id, status })
          const saved: SeoTask = {
            ...current.find((x) => x.id === t.id)!,
            status,
            completedDate: status === 'completed' ? '2026-03-10' : null,
          }
          current = current.map((x) => (x.id === t.id ? saved : x))
          return json({
            task: saved,
            pointsEarned:
              status === 'completed' ? saved.points : status === 'pending' ? -saved.points : 0,
            progress: computeProgress(current),
          })
        },
      ]),
    ),
    ...extra,
  })
  renderApp(path)
  return { ...network, patches }
}

const journey = async () => within(await screen.findByRole('region', { name: 'Your SEO Journey' }))

// The code-split parts these tests open load here, once, not inside a test's first findBy (issue 30).
beforeAll(async () => {
  await loadScreens(paths.recommendations, paths.dashboard)
  await import('sonner')
})

describe('SEO Recommendations screen', () => {
  test('without a business name it asks for the business information first', async () => {
    storeSession()
    stubNetwork(ownerHandlers({ business: emptyBusiness }))
    renderApp('/recommendations')
    expect(
      await screen.findByText(
        'Please add your business information in Settings first to use this feature.',
      ),
    ).toBeVisible()
  })

  test('a viewer reads the tasks but is offered no Start, Mark Complete or Generate', async () => {
    const role = (r: string) => () =>
      json({ businesses: [{ businessId: savedBusiness.id, name: savedBusiness.name, role: r }] })
    signIn({ extra: { 'GET /api/membership': role('viewer') } })
    expect(await screen.findByRole('note')).toHaveTextContent(
      `You are a viewer of ${savedBusiness.name}`,
    )
    expect((await screen.findAllByText(starterTasks[0]!.title)).length).toBeGreaterThan(0)
    for (const name of [/^Mark Complete/, /^Start/, /Generate New Recommendations/]) {
      expect(screen.queryAllByRole('button', { name })).toHaveLength(0)
    }
  })

  test('a manager is offered the changes', async () => {
    signIn({
      extra: {
        'GET /api/membership': () =>
          json({
            businesses: [
              { businessId: savedBusiness.id, name: savedBusiness.name, role: 'manager' },
            ],
          }),
      },
    })
    expect(
      await screen.findByRole('button', { name: 'Generate New Recommendations' }),
    ).toBeVisible()
    expect(screen.getAllByRole('button', { name: /^Mark Complete/ }).length).toBeGreaterThan(0)
    expect(screen.queryByRole('note')).toBeNull()
  })

  test('Your SEO Journey shows level, points and the three progress bars', async () => {
    signIn({
      tasks: [
        { ...starterTasks[0]!, status: 'completed', completedDate: '2026-03-09' },
        ...starterTasks.slice(1),
      ],
    })
    const card = await journey()
    expect(card.getByText('Level').nextElementSibling).toHaveTextContent('1')
    expect(card.getByText('Points').nextElementSibling).toHaveTextContent('50')
    const bars = card.getAllByRole('progressbar')
    expect(bars.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Tasks completed',
      'In progress',
      'Progress to level 2',
    ])
    expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['20', '20', '50'])
    expect(card.getAllByText('1 of 5 (20%)')).toHaveLength(2) // completed and in progress
    expect(card.getByText('50 / 100 points, 50 to go')).toBeVisible()
    expect(card.getByText(/Ask happy customers for Google reviews, worth 75 points/)).toBeVisible()
  })

  test('achievements list earned and locked badges in words, not only colour', async () => {
    signIn({ tasks: [{ ...starterTasks[0]!, status: 'completed' }, ...starterTasks.slice(1)] })
    const badges = within(await screen.findByRole('list', { name: 'Badges' }))
    const items = badges.getAllByRole('listitem')
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^SEO Beginner.*Earned$/),
      expect.stringMatching(/^Local Hero.*Earned$/),
      expect.stringMatching(/^Technical Expert.*Locked \(0\/2\)$/),
      expect.stringMatching(/^Content Creator.*Locked \(0\/2\)$/),
      expect.stringMatching(/^SEO Pro.*Locked \(1\/5\)$/),
    ])
    expect(screen.getByText('2 of 5 earned')).toBeVisible()
  })

  test('a started task stays in the top 3 until it is completed (issue 32 item 9)', async () => {
    const started = { ...starterTasks[0]!, status: 'in-progress' as const }
    signIn({ tasks: [started, ...starterTasks.slice(1)] })
    const top = within(await screen.findByRole('list', { name: 'Top priority tasks' }))
    expect(top.getAllByRole('listitem').map((i) => i.getAttribute('aria-label'))).toEqual([
      'Complete your Google Business Profile',
      'Ask happy customers for Google reviews',
      'Add LocalBusiness schema markup',
    ])
    const first = within(
      top.getByRole('listitem', { name: 'Complete your Google Business Profile' }),
    )
    expect(first.getByText('In Progress')).toBeVisible()
    expect(first.getByRole('button', { name: /^Mark Complete/ })).toBeVisible()
    expect(top.getAllByRole('button', { name: /^Start Task:/ })).toHaveLength(1)
  })

  test('the priority filter narrows the task list', async () => {
    signIn()
    const list = await screen.findByRole('region', { name: 'SEO Tasks' })
    const items = () =>
      within(list)
        .getAllByRole('listitem', { name: /./ })
        .filter((i) => i.parentElement?.getAttribute('aria-label') === 'SEO tasks')
    expect(items()).toHaveLength(5)
    const user = userEvent.setup()
    const filter = within(list).getByLabelText('Priority')
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Priorities', 'High Priority', 'Medium Priority', 'Low Priority'])
    await user.selectOptions(filter, 'high')
    expect(items().map((i) => i.getAttribute('aria-label'))).toEqual([
      'Complete your Google Business Profile',
      'Ask happy customers for Google reviews',
    ])
    await user.selectOptions(filter, 'low')
    expect(items().map((i) => i.getAttribute('aria-label'))).toEqual(['Post a weekly update'])
    expect(within(list).getByText('Showing 1 of 5 tasks')).toBeVisible()
  })

  test('each task offers only the actions its status allows, and shows its guide on request', async () => {
    signIn()
    const list = within(await screen.findByRole('list', { name: 'SEO tasks' }))
    const started = within(list.getByRole('listitem', { name: 'Add LocalBusiness schema markup' }))
    expect(started.getByText('In Progress')).toBeVisible()
    expect(started.queryByRole('button', { name: /^Start/ })).not.toBeInTheDocument()
    expect(started.getByRole('button', { name: /^Mark Complete/ })).toBeVisible()

    const user = userEvent.setup()
    const toggle = started.getByRole('button', { name: 'Show implementation guide' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    const guide = started.getByRole('list', {
      name: 'Implementation guide: Add LocalBusiness schema markup',
    })
    expect(
      within(guide)
        .getAllByRole('listitem')
        .map((s) => s.textContent),
    ).toEqual(['Open your profile.', 'Fill in every field.', 'Check it on your phone.'])
    await user.click(started.getByRole('button', { name: 'Hide implementation guide' }))
    expect(started.queryByRole('list', { name: /Implementation guide/ })).not.toBeInTheDocument()
  })

  test('a completed task can be reopened: no modal, the points are taken back and a message says so', async () => {
    const done = task({
      id: 't1',
      title: 'Complete your Google Business Profile',
      category: 'listings',
      points: 50,
      status: 'completed',
      completedDate: '2026-03-09',
    })
    const { patches } = signIn({ tasks: [done, ...starterTasks.slice(1)] })
    const path = await journey()
    expect(path.getByText('Points').nextElementSibling).toHaveTextContent('50')
    const list = within(await screen.findByRole('list', { name: 'SEO tasks' }))
    const item = within(list.getByRole('listitem', { name: done.title }))
    expect(item.queryByRole('button', { name: /^Mark Complete/ })).not.toBeInTheDocument()
    await userEvent
      .setup()
      .click(item.getByRole('button', { name: `Reopen: ${done.title} (takes back 50 points)` }))
    // The toast fades in after it is added: visible once it has.
    const message = await screen.findByText(`Reopened “${done.title}”: 50 points taken back.`)
    await waitFor(() => expect(message).toBeVisible())
    await item.findByText('Pending')
    expect(patches).toEqual([{ id: 't1', status: 'pending' }])
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await waitFor(() => expect(path.getByText('Points').nextElementSibling).toHaveTextContent('0'))
  })

  test('Start moves the task to in progress without opening the modal', async () => {
    const { patches } = signIn()
    const list = within(await screen.findByRole('list', { name: 'SEO tasks' }))
    const user = userEvent.setup()
    await user.click(list.getByRole('button', { name: 'Start: Post a weekly update' }))
    const item = within(list.getByRole('listitem', { name: 'Post a weekly update' }))
    await item.findByText('In Progress')
    expect(patches).toEqual([{ id: 't5', status: 'in-progress' }])
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  test('Mark Complete opens the modal with the points earned; Continue closes it and keeps focus sensible', async () => {
    const { calls } = signIn()
    const card = await journey()
    const user = userEvent.setup()
    await user.click(
      screen.getAllByRole('button', {
        name: 'Mark Complete: Ask happy customers for Google reviews',
      })[0]!,
    )

    const dialog = within(await screen.findByRole('dialog', { name: 'Task Completed!' }))
    expect(dialog.getByText('+75 points')).toBeVisible()
    expect(dialog.getByText('You are level 1 with 75 points.')).toBeVisible()
    expect(dialog.getByRole('list', { name: 'New achievements' })).toHaveTextContent('SEO Beginner')
    const continueButton = dialog.getByRole('button', { name: 'Continue' })
    await waitFor(() => expect(continueButton).toHaveFocus())
    await user.tab()
    expect(continueButton).toHaveFocus() // focus stays inside the dialog

    await user.click(continueButton)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(card.getByRole('heading', { name: 'Your SEO Journey' })).toHaveFocus()
    expect(card.getByText('Points').nextElementSibling).toHaveTextContent('75')
    const item = within(
      within(screen.getByRole('list', { name: 'SEO tasks' })).getByRole('listitem', {
        name: 'Ask happy customers for Google reviews',
      }),
    )
    expect(item.getByText(/^Completed on/)).toBeVisible()
    expect(item.queryByRole('button', { name: /Mark Complete/ })).not.toBeInTheDocument()
    expect(calls.filter((c) => c === 'PATCH /api/recommendations/t2')).toHaveLength(1)
  })

  test('a completion makes the dashboard fetch its Recent Activity again', async () => {
    const { calls } = signIn({ path: '/dashboard' })
    await screen.findByRole('heading', { name: 'Dashboard' })
    await screen.findByText('Business information saved')
    const menu = within(screen.getByRole('navigation', { name: 'Main' }))
    const user = userEvent.setup()
    await user.click(menu.getByRole('link', { name: 'SEO Recommendations' }))
    await journey()
    await user.click(
      screen.getAllByRole('button', { name: 'Mark Complete: Post a weekly update' })[0]!,
    )
    await user.click(await screen.findByRole('button', { name: 'Continue' }))
    await user.click(menu.getByRole('link', { name: 'Dashboard' }))
    await waitFor(() => expect(calls.filter((c) => c === 'GET /api/dashboard')).toHaveLength(2))
  })

  test('reaching 100 points says level up', async () => {
    signIn({
      tasks: [
        { ...starterTasks[1]!, status: 'completed' },
        ...starterTasks.filter((t) => t.id !== 't2'),
      ],
    })
    await journey()
    const user = userEvent.setup()
    await user.click(
      screen.getAllByRole('button', {
        name: 'Mark Complete: Write a page for customers in Austin',
      })[0]!,
    )
    const dialog = within(await screen.findByRole('dialog', { name: 'Task Completed!' }))
    expect(dialog.getByText('Level up! You are now level 2 with 135 points.')).toBeVisible()
  })

  test('a refused change shows the server message', async () => {
    signIn({
      extra: {
        'PATCH /api/recommendations/t1': () =>
          json({ error: { code: 'conflict', message: 'This task is already completed.' } }, 409),
      },
    })
    await journey()
    const user = userEvent.setup()
    await user.click(
      screen.getAllByRole('button', {
        name: 'Mark Complete: Complete your Google Business Profile',
      })[0]!,
    )
    expect(await screen.findByRole('alert')).toHaveTextContent('This task is already completed.')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  test('Generate New Recommendations shows loading, then how many were added', async () => {
    const held = deferred<Response>()
    const added = task({ id: 'n1', title: 'Create a local business FAQ page', points: 35 })
    signIn({
      extra: {
        'POST /api/recommendations/generate': () => held.promise,
      },
    })
    await journey()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Generate New Recommendations' }))
    expect(await screen.findByRole('button', { name: 'Generating...' })).toBeDisabled()
    expect(screen.getByText('Generating new recommendations…')).toBeVisible()
    held.resolve(
      json({ added: [added], source: 'built-in', progress: computeProgress(starterTasks) }),
    )
    expect(await screen.findByText('Added 1 new recommendation.')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Generate New Recommendations' })).toBeEnabled()
  })

  test("a failed generation shows docs/product.md §8's exact message", async () => {
    signIn({
      extra: {
        'POST /api/recommendations/generate': () =>
          json(
            { error: { code: 'bad_gateway', message: 'Failed to generate recommendations' } },
            502,
          ),
      },
    })
    await journey()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Generate New Recommendations' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(/^Failed to generate recommendations$/)
  })

  test('a year of 300 tasks shows 20 cards a page, filtered over all of them', async () => {
    const year = Array.from({ length: 300 }, (_, i) =>
      task({
        id: `y${i + 1}`,
        title: `Task number ${i + 1}`,
        priority: i % 3 === 0 ? 'high' : 'low',
        status: 'completed',
        completedDate: '2026-03-01',
      }),
    )
    signIn({ tasks: year })
    const list = await screen.findByRole('list', { name: 'SEO tasks' }, { timeout: 5000 })
    expect(within(list).getAllByRole('listitem', { name: /^Task number/ })).toHaveLength(20)
    expect(screen.getByText('Showing 300 of 300 tasks')).toBeVisible()
    const pager = screen.getByRole('navigation', { name: 'Task pages' })
    expect(pager).toHaveTextContent('Tasks 1-20 of 300')
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }))
    expect(pager).toHaveTextContent('Tasks 21-40 of 300')
    // A new filter counts every task and starts again from its first page.
    await userEvent.selectOptions(screen.getByLabelText('Priority'), 'high')
    expect(screen.getByText('Showing 100 of 300 tasks')).toBeVisible()
    expect(screen.getByRole('navigation', { name: 'Task pages' })).toHaveTextContent(
      'Tasks 1-20 of 100',
    )
    expect(within(list).getAllByRole('listitem', { name: /^Task number/ })).toHaveLength(20)
  })
})
