import type { PostsPage, ProfilePost } from '@localseo/shared/business-profile-posts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, expect, test } from 'vitest'
import { paths } from '@/config/paths'
import { ownerHandlers, savedBusiness } from '@/test/business-fixtures'
import { json, storeSession, stubNetwork } from '@/test/network'
import { loadScreens, renderApp, settingsScreenWait } from '@/test/render-app'

const business = { ...savedBusiness, timeZone: 'America/New_York' }

const link = {
  location: 'main',
  googleLocation: 'locations/4815162342',
  account: 'accounts/112358132134',
  title: 'Sunrise Dental',
  address: '100 Congress Ave, Austin, TX 78701',
  placeId: null,
  sample: false,
  linkedAt: '2026-01-10T12:00:00.000Z',
}

function post(overrides: Partial<ProfilePost>): ProfilePost {
  return {
    id: crypto.randomUUID(),
    location: 'main',
    content: {
      topicType: 'STANDARD',
      summary: 'Same-day whitening this week.',
      callToAction: null,
      event: null,
      offer: null,
      imageUrl: '',
    },
    status: 'draft',
    publishAt: null,
    publishAtLocal: null,
    repeat: 'none',
    repeatUntil: null,
    googleName: null,
    searchUrl: null,
    publishedAt: null,
    reason: null,
    sample: false,
    createdAt: '2026-01-13T15:00:00.000Z',
    updatedAt: '2026-01-13T15:00:00.000Z',
    ...overrides,
  }
}

const page = (posts: ProfilePost[], sample = false): PostsPage => ({
  posts,
  link: { title: 'Sunrise Dental', googleLocation: link.googleLocation, sample },
  timeZone: 'America/New_York',
})

beforeAll(async () => {
  await loadScreens(paths.posts)
})

function open(options: { posts?: ProfilePost[]; sample?: boolean; sent?: unknown[] } = {}) {
  storeSession()
  return stubNetwork({
    ...ownerHandlers({ business }),
    'GET /api/business-profile': () =>
      json({
        connection: options.sample ? 'sample' : 'connected',
        links: [{ ...link, sample: options.sample ?? false }],
      }),
    'GET /api/business-profile/posts': () => json(page(options.posts ?? [], options.sample)),
    'POST /api/business-profile/posts': async (request) => {
      const body = (await request.json()) as { when: 'now' }
      options.sent?.push(body)
      return json({ posts: [post({ status: 'live' })], refusal: null }, 201)
    },
  })
}

async function editor() {
  renderApp(paths.posts)
  return within(await screen.findByRole('form', { name: 'Post' }, settingsScreenWait))
}

test('the editor counts the text against Google 1500 and refuses what Google would', async () => {
  const sent: unknown[] = []
  open({ sent })
  const form = await editor()
  expect(form.getByText('0 of 1500 characters')).toBeVisible()
  await userEvent.click(form.getByRole('button', { name: 'Publish' }))
  expect(form.getByText('Write what you want to tell your customers.')).toBeVisible()
  expect(form.getByLabelText('Text')).toHaveAttribute('aria-invalid', 'true')

  await userEvent.click(form.getByLabelText('Text'))
  await userEvent.paste('x'.repeat(1501))
  expect(form.getByText('1501 of 1500 characters')).toBeVisible()
  expect(form.getByText('Google takes at most 1500 characters.')).toBeVisible()
  expect(sent).toEqual([])
})

test('the button: a page to open, except Call now; the preview shows the text and the button', async () => {
  const sent: unknown[] = []
  open({ sent })
  const form = await editor()
  await userEvent.type(form.getByLabelText('Text'), 'Open late on Fridays.')
  const preview = within(screen.getByRole('figure', { name: 'Preview of the post on Google' }))
  expect(preview.getByText('Open late on Fridays.')).toBeVisible()
  expect(preview.getByText('Sunrise Dental')).toBeVisible()

  await userEvent.selectOptions(form.getByLabelText('Button'), 'Book')
  expect(preview.getByText('Book')).toBeVisible()
  await userEvent.click(form.getByRole('button', { name: 'Publish' }))
  expect(form.getByText('Add the page the button opens.')).toBeVisible()
  expect(sent).toEqual([])

  await userEvent.selectOptions(form.getByLabelText('Button'), 'Call now')
  expect(form.queryByLabelText('Button opens')).toBeNull()
  expect(form.getByText('Call now dials the phone number on your profile.')).toBeVisible()
  await userEvent.click(form.getByRole('button', { name: 'Publish' }))
  expect(await form.findByText('Published.')).toBeVisible()
  expect(sent).toEqual([
    {
      locations: ['main'],
      content: {
        topicType: 'STANDARD',
        summary: 'Open late on Fridays.',
        callToAction: { actionType: 'CALL', url: '' },
        event: null,
        offer: null,
        imageUrl: '',
      },
      when: 'now',
      publishAt: null,
      repeat: 'none',
      repeatUntil: null,
    },
  ])
})

test("the preview names the photo's site instead of loading it (the app loads images from its own origin)", async () => {
  open({ sent: [] })
  const form = await editor()
  await userEvent.type(
    form.getByLabelText('Photo address (optional)'),
    'https://www.sunrisedental.com/whitening.jpg',
  )
  const preview = screen.getByRole('figure', { name: 'Preview of the post on Google' })
  expect(within(preview).getByText('Photo from www.sunrisedental.com')).toBeVisible()
  expect(preview.querySelector('img')).toBeNull()
})

test('an offer asks for its title and dates, and a schedule for its time', async () => {
  const sent: { content: unknown; publishAt: string; when: string }[] = []
  open({ sent })
  const form = await editor()
  await userEvent.click(form.getByRole('radio', { name: 'Offer' }))
  expect(form.queryByLabelText('Button')).toBeNull()
  await userEvent.click(form.getByRole('radio', { name: 'Schedule' }))
  await userEvent.click(form.getByRole('button', { name: 'Schedule' }))
  expect(form.getByText('Give it a title.')).toBeVisible()
  expect(form.getByText('Pick when it goes out.')).toBeVisible()
  expect(form.getByText("Your business's time (America/New_York).")).toBeVisible()

  await userEvent.type(form.getByLabelText('Offer title'), 'Winter check-up')
  await userEvent.type(form.getByLabelText('Starts'), '2026-01-20T09:00')
  await userEvent.type(form.getByLabelText('Ends'), '2026-02-01T17:00')
  await userEvent.type(form.getByLabelText('Coupon code'), 'SMILE20')
  await userEvent.type(form.getByLabelText('Goes out at'), '2026-01-19T09:00')
  const preview = within(screen.getByRole('figure', { name: 'Preview of the post on Google' }))
  expect(preview.getByText('Winter check-up')).toBeVisible()
  expect(preview.getByText('SMILE20')).toBeVisible()
  await userEvent.click(form.getByRole('button', { name: 'Schedule' }))
  expect(await form.findByText('Scheduled.')).toBeVisible()
  expect(sent[0]).toMatchObject({ when: 'schedule', publishAt: '2026-01-19T09:00' })
})

test('each post says where it stands, in the business time zone', async () => {
  open({
    posts: [
      post({ status: 'draft', content: { ...post({}).content, summary: 'A draft' } }),
      post({
        status: 'scheduled',
        publishAt: '2026-01-20T14:00:00.000Z',
        publishAtLocal: '2026-01-20T09:00',
        repeat: 'weekly',
      }),
      post({ status: 'publishing' }),
      post({
        status: 'live',
        googleName: 'accounts/1/locations/2/localPosts/3',
        searchUrl: 'https://local.google.com/place?lpsid=3',
      }),
      post({ status: 'rejected', reason: 'Google rejected this post.' }),
      post({ status: 'failed', reason: 'Google could not be asked right now.' }),
    ],
  })
  renderApp(paths.posts)
  const list = within(await screen.findByRole('list', { name: 'Your posts' }, settingsScreenWait))
  expect(list.getByText('Draft')).toBeVisible()
  expect(list.getByText('Scheduled for Tue, Jan 20, 9:00 AM, then every week')).toBeVisible()
  expect(list.getByText('Publishing…')).toBeVisible()
  expect(list.getByText('Live on Google')).toBeVisible()
  expect(list.getByRole('link', { name: 'See it on Google' })).toHaveAttribute(
    'href',
    'https://local.google.com/place?lpsid=3',
  )
  expect(list.getByText('Rejected by Google: Google rejected this post.')).toBeVisible()
  expect(list.getByText('Failed: Google could not be asked right now.')).toBeVisible()
  const publishing = list.getAllByRole('listitem')[2]!
  expect(within(publishing).getByRole('button', { name: /^Edit/ })).toBeDisabled()
})

test('a place whose link is gone: its posts are kept, and the screen says they come back once it is linked', async () => {
  storeSession()
  stubNetwork({
    ...ownerHandlers({ business }),
    'GET /api/business-profile': () => json({ connection: 'connected', links: [link] }),
    // Unlinked meanwhile (Settings in another tab): the place's posts, without a link.
    'GET /api/business-profile/posts': () =>
      json({ ...page([post({ status: 'draft' })]), link: null }),
  })
  renderApp(paths.posts)
  expect(
    await screen.findByText(
      /no longer linked to a Business Profile: link it again in.*Its posts are kept and shown here again once it is linked\./s,
      {},
      settingsScreenWait,
    ),
  ).toBeVisible()
  expect(screen.queryByRole('list', { name: 'Your posts' })).toBeNull()
})

test('sample profiles: posts say they were not sent, and the screen says how to connect Google', async () => {
  open({ sample: true, posts: [post({ status: 'live', sample: true })] })
  renderApp(paths.posts)
  expect(
    await screen.findByText(/posts are kept here and not sent to Google/, {}, settingsScreenWait),
  ).toBeVisible()
  const list = within(await screen.findByRole('list', { name: 'Your posts' }))
  expect(list.getByText('Sample: not sent to Google')).toBeVisible()
  expect(list.getByText('Sample')).toBeVisible()
})

test('a post on Google: edit sends its content only; delete asks first, and removes it there too', async () => {
  const live = post({
    status: 'live',
    googleName: 'accounts/1/locations/2/localPosts/3',
    searchUrl: 'https://local.google.com/place?lpsid=3',
  })
  const network = open({ posts: [live] })
  let patched: unknown
  let deleted = false
  const handlers = network.fetchMock.getMockImplementation()!
  network.fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const path = new URL(request.url).pathname
    if (request.method === 'PATCH' && path === `/api/business-profile/posts/${live.id}`) {
      patched = await request.json()
      return json({ ...live, content: { ...live.content, summary: 'Now open Saturdays.' } })
    }
    if (request.method === 'DELETE' && path === `/api/business-profile/posts/${live.id}`) {
      deleted = true
      return json({ deleted: live.id })
    }
    return handlers(input, init)
  })
  renderApp(paths.posts)
  const list = within(await screen.findByRole('list', { name: 'Your posts' }, settingsScreenWait))
  await userEvent.click(list.getByRole('button', { name: /^Edit post/ }))
  const form = within(list.getByRole('form', { name: 'Post' }))
  expect(form.getByRole('radio', { name: 'Offer' })).toBeDisabled()
  expect(form.queryByText('When')).toBeNull()
  await userEvent.clear(form.getByLabelText('Text'))
  await userEvent.type(form.getByLabelText('Text'), 'Now open Saturdays.')
  await userEvent.click(form.getByRole('button', { name: 'Save changes' }))
  await waitFor(() =>
    expect(patched).toEqual({
      content: {
        topicType: 'STANDARD',
        summary: 'Now open Saturdays.',
        callToAction: null,
        event: null,
        offer: null,
        imageUrl: '',
      },
    }),
  )

  await userEvent.click(await list.findByRole('button', { name: /^Delete post/ }))
  const dialog = within(await screen.findByRole('alertdialog', { name: 'Delete this post?' }))
  expect(dialog.getByText('It is removed from your Google Business Profile too.')).toBeVisible()
  await userEvent.click(dialog.getByRole('button', { name: 'Delete post' }))
  await waitFor(() => expect(deleted).toBe(true))
})
