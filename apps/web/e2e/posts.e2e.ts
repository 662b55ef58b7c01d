// Issue 33 item 6: Profile Posts with the main place linked to a sample profile (the journeys'
// server has no Google client): write an update with a button, see the preview, publish it (kept
// here, 'Sample: not sent to Google'), schedule an offer, delete behind the confirm dialog;
// accessible, nothing wider than the screen, and screenshots at 1280 and 390 px.
import { describe, test } from 'vitest'
import { journeySteps, url } from './browser'
import { callApiAs, signUpWithBusiness } from './journeys'
import { expectAccessible } from './a11y'
import { expectFitsWidth } from './fits'
import { snap } from './screenshots'

describe('profile posts journey', () => {
  const browser = journeySteps(async ({ page }) => {
    await signUpWithBusiness(page, { prefix: 'posts' })
    const linked = await callApiAs(page, 'PUT', '/api/business-profile/links/main', {
      googleLocation: 'locations/sample-main',
    })
    if (linked.status !== 200) throw new Error(`Linking answered ${linked.status}`)
  })

  test('write, preview and publish an update to a sample profile', async () => {
    const { page } = browser()
    await page.goto(url('/posts'))
    await page.getByRole('heading', { name: 'Profile Posts', level: 1 }).waitFor()
    const form = page.getByRole('form', { name: 'Post' })
    await form.waitFor()
    await page.getByText(/posts are kept here and not sent to Google/).waitFor()
    await form.getByRole('button', { name: 'Publish' }).click()
    await form.getByText('Write what you want to tell your customers.').waitFor()

    await form
      .getByLabel('Text')
      .fill('Same-day whitening this week. Book before Friday and bring a friend for free.')
    await form.getByLabel('Button').selectOption('BOOK')
    await form.getByLabel('Button opens').fill('https://example.com/book')
    const preview = page.getByRole('figure', { name: 'Preview of the post on Google' })
    await preview.getByText('Same-day whitening this week.', { exact: false }).waitFor()
    await preview.getByText('Book', { exact: true }).waitFor()
    await form.getByText('77 of 1500 characters').waitFor()
    for (const width of [1280, 390]) await expectFitsWidth(page, width)
    await page.setViewportSize({ width: 1280, height: 800 })
    await expectAccessible(page, 'posts editor')
    await snap(page, 'posts-editor', form)
    await snap(page, 'posts-preview', preview)

    await form.getByRole('button', { name: 'Publish' }).click()
    await form.getByText('Published.').waitFor()
    const list = page.getByRole('list', { name: 'Your posts' })
    await list.getByText('Sample: not sent to Google').waitFor()
    await snap(page, 'posts-list', list)
  })

  test('schedule an offer in the business time zone, then delete it', async () => {
    const { page } = browser()
    const form = page.getByRole('form', { name: 'Post' })
    await form.getByRole('radio', { name: 'Offer' }).check()
    await form.getByLabel('Offer title').fill('Winter check-up')
    await form.getByLabel('Starts').fill('2031-01-20T09:00')
    await form.getByLabel('Ends').fill('2031-02-01T17:00')
    await form.getByLabel('Text').fill('20% off a check-up for new patients.')
    await form.getByLabel('Coupon code').fill('SMILE20')
    await form.getByRole('radio', { name: 'Schedule' }).check()
    await form.getByLabel('Goes out at').fill('2031-01-19T09:00')
    await form.getByLabel('Repeat').selectOption('monthly')
    await expectAccessible(page, 'posts offer')
    await snap(page, 'posts-offer', form)
    await form.getByRole('button', { name: 'Schedule' }).click()
    await form.getByText('Scheduled.').waitFor()
    const list = page.getByRole('list', { name: 'Your posts' })
    await list.getByText(/^Scheduled for Sun, Jan 19, 9:00 AM, then every month$/).waitFor()

    await list.getByRole('button', { name: /^Delete post: 20% off/ }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Delete this post?' })
    await dialog.getByText('It has not been sent to Google: it is only removed here.').waitFor()
    await expectAccessible(page, 'posts delete')
    await dialog.getByRole('button', { name: 'Delete post' }).click()
    await dialog.waitFor({ state: 'hidden' })
    await list.getByText('Winter check-up').waitFor({ state: 'detached' })
  })
})
