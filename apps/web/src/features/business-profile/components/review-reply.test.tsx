import type { ProfileReview, ReviewDraft } from '@localseo/shared/business-profile'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import { createQueryClient } from '@/lib/query-client'
import { deferred, json, storeSession, stubNetwork } from '@/test/network'
import { ReviewReply } from './review-reply'

const NAME = 'accounts/1/locations/2/reviews/AbFvOqk9Zx'

const review = (reply: ProfileReview['reply'] = null, sample = false): ProfileReview => ({
  name: NAME,
  reviewer: 'Tom B.',
  reviewerAnonymous: false,
  reviewerPhotoUrl: null,
  rating: 2,
  comment: 'Waited 45 minutes past my appointment time.',
  createTime: '2026-03-02T14:05:44.100Z',
  updateTime: '2026-03-02T14:05:44.100Z',
  reply,
  sample,
})

const reply = (comment: string, extra: Partial<NonNullable<ProfileReview['reply']>> = {}) => ({
  comment,
  updateTime: '2026-03-10T15:00:00.000Z',
  state: null,
  policyViolation: null,
  ...extra,
})

function renderReply(value: ProfileReview, client = createQueryClient()) {
  return render(
    <QueryClientProvider client={client}>
      <ReviewReply review={value} location="main" />
    </QueryClientProvider>,
  )
}

describe('the reply box', () => {
  test('Draft a reply fills the textarea with a labelled draft; Send reply waits while sending and sends once', async () => {
    storeSession()
    const held = deferred<Response>()
    const sent: unknown[] = []
    const draft: ReviewDraft = {
      draft: 'Hi Tom,\n\nWe\'re sorry to read "Waited 45 minutes past my appointment time".',
      source: 'built-in',
      language: 'en',
      note: null,
    }
    const { calls } = stubNetwork({
      'POST /api/business-profile/reviews/draft': () => json(draft),
      'POST /api/business-profile/reviews/reply': async (request) => {
        sent.push(await request.json())
        return held.promise
      },
    })
    // The place's summary, read before: a sent reply changes its response rate.
    const client = createQueryClient()
    const summaryKey = ['business-profile', 'reviews', 'b1', 'main', 'summary']
    client.setQueryData(summaryKey, { responseRate: 0.5 })
    renderReply(review(), client)
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Reply to Tom B.' }))
    const box = screen.getByRole('textbox', { name: 'Your reply to Tom B.' })
    expect(screen.getByRole('button', { name: 'Send reply' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Draft a reply' }))
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Drafted by the built-in writer (no AI model is connected). Check it and make it yours before sending',
    )
    expect(box).toHaveValue(draft.draft)
    // Nothing is sent by drafting.
    expect(calls).not.toContain('POST /api/business-profile/reviews/reply')
    await user.type(box, ' Please call us.')
    const send = screen.getByRole('button', { name: 'Send reply' })
    await user.dblClick(send)
    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled()
    expect(sent).toEqual([{ review: NAME, comment: `${draft.draft} Please call us.` }])
    held.resolve(json(review(reply(`${draft.draft} Please call us.`, { state: 'PENDING' }))))
    expect(await screen.findByText("Pending Google's review")).toBeVisible()
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    expect(calls.filter((c) => c === 'POST /api/business-profile/reviews/reply')).toHaveLength(1)
    expect(client.getQueryState(summaryKey)?.isInvalidated).toBe(true)
  })

  test("an existing reply shows Google's state; Edit opens it, Delete asks first", async () => {
    storeSession()
    const { calls } = stubNetwork({
      'DELETE /api/business-profile/reviews/reply': (request) => {
        expect(new URL(request.url).searchParams.get('review')).toBe(NAME)
        return json(review(null))
      },
    })
    renderReply(
      review(reply('Visit our shop!', { state: 'REJECTED', policyViolation: 'Off topic' })),
    )
    const user = userEvent.setup()
    expect(
      screen.getByText('Google rejected this reply: Off topic. Edit it and send it again.'),
    ).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Edit your reply to Tom B.' }))
    expect(screen.getByRole('textbox', { name: 'Your reply to Tom B.' })).toHaveValue(
      'Visit our shop!',
    )
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    await user.click(screen.getByRole('button', { name: 'Delete your reply to Tom B.' }))
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your reply?' })
    expect(calls).not.toContain('DELETE /api/business-profile/reviews/reply')
    await user.click(within(dialog).getByRole('button', { name: 'Delete reply' }))
    expect(await screen.findByRole('button', { name: 'Reply to Tom B.' })).toBeVisible()
    expect(calls).toContain('DELETE /api/business-profile/reviews/reply')
  })

  test('a refusal shows inline; a sample review says its reply stays here; too long cannot be sent', async () => {
    storeSession()
    stubNetwork({
      'POST /api/business-profile/reviews/reply': () =>
        json({ error: { code: 'conflict', message: 'This reply is already being sent.' } }, 409),
    })
    renderReply(review(null, true))
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Reply to Tom B.' }))
    expect(
      screen.getByText(
        'This is a sample review: your reply is saved here only, not sent to Google.',
      ),
    ).toBeVisible()
    const box = screen.getByRole('textbox', { name: 'Your reply to Tom B.' })
    await user.type(box, 'Thanks')
    await user.click(screen.getByRole('button', { name: 'Send reply' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This reply is already being sent.')
    await user.clear(box)
    await user.click(box)
    await user.paste('é'.repeat(2049))
    expect(screen.getByText('Too long for Google: 4,098 of 4,096 bytes allowed.')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Send reply' })).toBeDisabled()
  })
})
