import type { ProfileLocations } from '@localseo/shared/business-profile'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, expect, test } from 'vitest'
import { paths } from '@/config/paths'
import { ownerHandlers, savedBusiness, twoLocations } from '@/test/business-fixtures'
import { json, storeSession, stubNetwork } from '@/test/network'
import { loadScreens, renderApp, settingsScreenWait } from '@/test/render-app'

const ACCOUNT = 'accounts/112358132134'
const location = (name: string, title: string, address: string) => ({
  name,
  account: ACCOUNT,
  title,
  address,
  phone: '(512) 555-0100',
  placeId: null,
  websiteUri: null,
})

const ready = (linked: string | null = null): ProfileLocations => ({
  status: 'ready',
  sample: false,
  accounts: [
    {
      name: ACCOUNT,
      title: 'Sunrise Dental',
      locations: [
        location('locations/1', 'Sunrise Dental', '100 Congress Ave, Austin, TX 78701'),
        location('locations/2', 'Sunrise Dental Round Rock', '5 Oak Rd, Round Rock, TX 78664'),
      ],
    },
  ],
  suggestions: [
    {
      location: 'main',
      label: 'Sunrise Dental (Main)',
      suggested: {
        googleLocation: 'locations/1',
        score: 100,
        matched: ['name', 'address', 'phone'],
      },
      linked,
    },
    { location: 'loc_1', label: 'Sunrise Dental - Downtown', suggested: null, linked: null },
  ],
})

const business = { ...savedBusiness, locations: twoLocations.slice(0, 1) }

beforeAll(async () => {
  await loadScreens(paths.settings)
})

async function card() {
  renderApp('/settings')
  return within(
    await screen.findByRole('region', { name: 'Google Business Profile' }, settingsScreenWait),
  )
}

test('each location shows its suggested profile location, and Confirm saves the link', async () => {
  let saved: unknown
  let linked: string | null = null
  storeSession()
  stubNetwork({
    ...ownerHandlers({ business }),
    'GET /api/business-profile/locations': () => json(ready(linked)),
    'PUT /api/business-profile/links/main': async (request) => {
      saved = await request.json()
      linked = 'locations/1'
      return json({ connection: 'connected', links: [] })
    },
  })
  const profile = await card()
  const main = await profile.findByLabelText('Business Profile location for Sunrise Dental (Main)')
  expect(main).toHaveDisplayValue('Sunrise Dental')
  expect(
    profile.getByText('On the profile: 100 Congress Ave, Austin, TX 78701, (512) 555-0100'),
  ).toBeVisible()
  expect(
    profile.getByText('Suggested: same name, address and phone. Check it and confirm.'),
  ).toBeVisible()
  const downtown = profile.getByLabelText('Business Profile location for Sunrise Dental - Downtown')
  expect(downtown).toHaveDisplayValue('Choose a profile location')
  expect(
    profile.getByText(
      'No profile location matches this one: choose it yourself, or leave it unlinked.',
    ),
  ).toBeVisible()

  await userEvent.click(profile.getAllByRole('button', { name: 'Confirm' })[0]!)
  expect(saved).toEqual({ googleLocation: 'locations/1' })
  expect(await profile.findByText('Linked to Sunrise Dental.')).toBeVisible()
  expect(profile.getByRole('button', { name: 'Confirmed' })).toBeDisabled()
})

test("Google's refusal shows its words and what to do", async () => {
  storeSession()
  stubNetwork({
    ...ownerHandlers({ business }),
    'GET /api/business-profile/locations': () =>
      json({
        status: 'refused',
        refusal: {
          kind: 'quota',
          google: "Quota exceeded for quota metric 'Requests'.",
          action: 'Request Business Profile API access.',
        },
      }),
  })
  const profile = await card()
  expect(
    await profile.findByText("Google refused: Quota exceeded for quota metric 'Requests'."),
  ).toBeVisible()
  expect(profile.getByText('Request Business Profile API access.')).toBeVisible()
})

test('without the profile in the Google connection, the card offers to connect it', async () => {
  let asked = ''
  storeSession()
  stubNetwork({
    ...ownerHandlers({ business }),
    'GET /api/business-profile/locations': () =>
      json({ status: 'needs_consent', message: 'Connect it, and Google asks you to allow it.' }),
    'GET /api/integrations/google/connect': (request) => {
      asked = new URL(request.url).search
      return json({ error: { code: 'conflict', message: 'Not now.' } }, 409)
    },
  })
  const profile = await card()
  expect(await profile.findByText('Connect it, and Google asks you to allow it.')).toBeVisible()
  await userEvent.click(profile.getByRole('button', { name: 'Connect Business Profile' }))
  expect(await profile.findByText('Not now.')).toBeVisible()
  expect(asked).toBe('?product=business-profile')
})

test('sample profiles carry the Sample badge and say nothing is read from Google', async () => {
  storeSession()
  stubNetwork({
    ...ownerHandlers({ business }),
    'GET /api/business-profile/locations': () => json({ ...ready(), sample: true }),
  })
  const profile = await card()
  expect(
    await profile.findByText(
      'Sample profiles, named after your locations: this server has no Google sign-in yet, so nothing is read from Google.',
    ),
  ).toBeVisible()
  expect(profile.getByText('Sample')).toBeVisible()
})
