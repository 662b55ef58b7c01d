// Issue 33 item 3 (ADR 037): replying to a review on the Reviews screen, with a place linked to a
// sample profile (the journeys' server has no Google client): 'Draft a reply' fills the box with a
// draft labelled as the built-in writer's, the owner edits it and sends it (saved here only, and
// said so), then deletes it after confirming; accessible, and screenshots at 1280 and 390 px.
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { journeySteps, url } from './browser'
import { callApiAs, signUpWithBusiness } from './journeys'
import { expectAccessible } from './a11y'
import { snap } from './screenshots'

/** The first unanswered review, once the import the link queued has stored the sample reviews. */
async function unansweredReview(page: Page) {
  const list = page.getByRole('list', { name: 'Reviews, newest first' })
  // The link queues the import as a job: reload until it has run (a few seconds at most).
  for (let attempt = 0; attempt < 20; attempt++) {
    await page.goto(url('/reviews'))
    await page.getByRole('heading', { name: 'Reviews', level: 1 }).waitFor()
    await list.waitFor({ timeout: 5_000 }).catch(() => {})
    if (await list.isVisible()) break
    await page.waitForTimeout(1500)
  }
  const items = list.getByRole('listitem')
  // By its place in the list: its Reply button gives way to the reply box, then to the reply.
  for (let i = 0; i < (await items.count()); i++) {
    if (
      await items
        .nth(i)
        .getByRole('button', { name: /^Reply/ })
        .isVisible()
    )
      return items.nth(i)
  }
  throw new Error('No unanswered sample review to reply to.')
}

describe('review replies journey', () => {
  const browser = journeySteps(async ({ page }) => {
    await signUpWithBusiness(page, { prefix: 'replies' })
    const linked = await callApiAs(page, 'PUT', '/api/business-profile/links/main', {
      googleLocation: 'locations/sample-main',
    })
    if (linked.status !== 200) throw new Error(`Linking answered ${linked.status}`)
  })

  test('draft a reply, edit it and send it: saved here only, as a sample', async () => {
    const { page } = browser()
    const review = await unansweredReview(page)
    await review.getByRole('button', { name: /^Reply/ }).click()
    // The one reply box open (the review's Reply button gives way to it).
    const form = page.getByRole('form', { name: /^Reply to/ })
    const box = form.getByRole('textbox', { name: /^Your reply to/ })
    await form.getByRole('button', { name: 'Draft a reply' }).click()
    await form.getByRole('status').filter({ hasText: 'Drafted by the built-in writer' }).waitFor()
    const draft = await box.inputValue()
    expect(draft).toMatch(/^(Hi|Hello)/)
    expect(draft).not.toMatch(/%|discount|free/i)
    await form.getByText(/^This is a sample review/).waitFor()
    await expectAccessible(page, 'review reply draft')
    await snap(page, 'review-reply-draft', form)

    await box.fill(`${draft}\n\nThanks again!`)
    const send = form.getByRole('button', { name: 'Send reply' })
    await send.click()
    const answered = review
    await answered.getByText('Your reply', { exact: true }).waitFor()
    await answered.getByText('Sample: not sent to Google').waitFor()
    expect(await form.count()).toBe(0)
    await snap(page, 'review-reply-sent', answered)
  })

  test('delete the reply after confirming', async () => {
    const { page } = browser()
    const review = page
      .getByRole('listitem')
      .filter({ has: page.getByText('Thanks again!') })
      .first()
    await review.getByRole('button', { name: /^Delete your reply/ }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Delete your reply?' })
    await dialog.waitFor()
    await expectAccessible(page, 'delete reply dialog')
    await dialog.getByRole('button', { name: 'Delete reply' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await page.getByText('Thanks again!').waitFor({ state: 'hidden' })
  })
})
