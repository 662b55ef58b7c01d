import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, test } from 'vitest'
import { createQueryClient } from '@/lib/query-client'
import { json, storeSession, stubNetwork } from '@/test/network'
import { AddTaskButton } from './add-task-button'

const RUN = '9d0c1a52-0b7e-4c8e-8a35-1f0a3f6d2c11'
const TASK_PATH = `POST /api/site-audit/runs/${RUN}/issues/tel-link-missing/task`

const localIssue = {
  id: 'tel-link-missing',
  title: 'Phone number is not tap-to-call',
  category: 'local',
  taskId: null,
}

function renderButton(issue: Parameters<typeof AddTaskButton>[0]['issue']) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <AddTaskButton runId={RUN} issue={issue} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

/** The task as the server answers it (auditTaskResponseSchema). */
const TASK = {
  id: 't1',
  title: 'Make it tap-to-call',
  description: 'Visitors on phones call with one tap.',
  priority: 'medium',
  category: 'technical',
  impact: 'More calls from mobile visitors.',
  points: 40,
  implementationGuide: 'Wrap the phone number in a tel: link.',
}

describe('Add to my tasks', () => {
  test('turns the local issue into a task once, then links to SEO Recommendations', async () => {
    storeSession()
    const { calls } = stubNetwork({
      [TASK_PATH]: () =>
        json({ created: true, task: { ...TASK, status: 'pending' } }, 201),
    })
    renderButton(localIssue)
    const user = userEvent.setup()
    await user.click(
      screen.getByRole('button', { name: 'Add to my tasks: Phone number is not tap-to-call' }),
    )
    expect(await screen.findByText('Added to your tasks.')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Open SEO Recommendations' })).toHaveAttribute(
      'href',
      '/recommendations',
    )
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
    expect(calls.filter((c) => c === TASK_PATH)).toHaveLength(1)
  })

  test('an issue that already has a task says so and offers no button', () => {
    renderButton({ ...localIssue, taskId: 't1' })
    expect(screen.getByText('Already in your tasks.')).toBeVisible()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  test('the server saying it exists already reads as already in your tasks', async () => {
    storeSession()
    stubNetwork({
      [TASK_PATH]: () =>
        json({ created: false, task: { ...TASK, status: 'completed' } }),
    })
    renderButton(localIssue)
    await userEvent.setup().click(screen.getByRole('button', { name: /Add to my tasks/ }))
    expect(await screen.findByText('Already in your tasks.')).toBeVisible()
  })

  test('a failure is shown and the button stays', async () => {
    storeSession()
    stubNetwork({
      [TASK_PATH]: () =>
        json(
          { error: { code: 'not_found', message: 'That issue was not found in this audit.' } },
          404,
        ),
    })
    renderButton(localIssue)
    const button = screen.getByRole('button', { name: /Add to my tasks/ })
    await userEvent.setup().click(button)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That issue was not found in this audit.',
    )
    expect(button).toBeEnabled()
  })

  test('checks that are not local get no button', () => {
    const { container } = renderButton({ ...localIssue, category: 'content' })
    expect(container).toBeEmptyDOMElement()
  })
})
