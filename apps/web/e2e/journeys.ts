// Steps several journeys share; each journey still tests its own screen through the browser.
import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { baseUrl } from './browser'

/**
 * Signs a new owner up on the landing page and waits for the dashboard; returns the email. `origin`
 * is the server's (the run's unless a journey starts its own).
 */
export async function signUpThroughLanding(
  page: Page,
  { fullName, prefix, origin = baseUrl }: { fullName: string; prefix: string; origin?: string },
): Promise<string> {
  const email = `e2e-${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
  const url = (pathname: string) => new URL(pathname, origin).toString()
  await page.goto(url('/'))
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click()
  await page.getByLabel('Full Name').fill(fullName)
  await page.getByLabel('Email Address').fill(email)
  await page.getByLabel('Password').fill('correct horse battery')
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await page.waitForURL(url('/dashboard'))
  return email
}

export interface BusinessFields {
  name: string
  category: string
  address: string
  city: string
  state: string
  zip: string
  phone: string
}

/** Sunrise Dental in Austin, the business of the journeys about one screen. */
export const sunriseDental: BusinessFields = {
  name: 'Sunrise Dental',
  category: 'Dental',
  address: '100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '(512) 555-0100',
}

/**
 * Signs a new owner up and saves a business through the API (Sunrise Dental unless `business` says
 * otherwise; with a website when one is given): the set-up of journeys about another screen than
 * Settings, whose own journey fills the form.
 */
export async function signUpWithBusiness(
  page: Page,
  {
    prefix,
    website,
    origin,
    business = sunriseDental,
  }: { prefix: string; website?: string; origin?: string; business?: BusinessFields },
) {
  await signUpThroughLanding(page, { fullName: 'Grace Hopper', prefix, origin })
  const saved = await callApiAs(page, 'PUT', '/api/business', { ...business, website })
  if (saved.status !== 200) {
    throw new Error(`Saving the business answered ${saved.status}: ${JSON.stringify(saved.body)}`)
  }
}

/** From the dashboard's welcome view: Go to Settings, fill the business form, save. */
export async function saveBusinessInSettings(page: Page, business: BusinessFields) {
  await page.getByRole('link', { name: 'Go to Settings' }).click()
  const form = page.getByRole('form', { name: 'Business information' })
  await form.getByLabel('Business Name').fill(business.name)
  await form.getByLabel('Category').selectOption(business.category)
  await form.getByLabel('Address').fill(business.address)
  await form.getByLabel('City').fill(business.city)
  await form.getByLabel('State').fill(business.state)
  await form.getByLabel('ZIP Code').fill(business.zip)
  await form.getByLabel('Phone').fill(business.phone)
  await form.getByRole('button', { name: 'Save Business Information' }).click()
  await form.getByText('Business information saved successfully!').waitFor()
}

/**
 * Scrolls down until `what` is on the page: a card below the first screen renders as it comes near
 * (components/when-near.tsx), such as the dashboard's Business Profile card.
 */
export async function scrollUntilShown(page: Page, what: Locator) {
  for (let attempt = 0; attempt < 50 && (await what.count()) === 0; attempt++) {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await page.waitForTimeout(200)
  }
  await what.first().waitFor()
}

/** Calls the API from the page with the signed-in session, for set-up another journey covers. */
export async function callApiAs(page: Page, method: string, path: string, body: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const stored = JSON.parse(localStorage.getItem('supabase.auth.token') ?? '{}') as {
        access_token?: string
      }
      const response = await fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${stored.access_token ?? ''}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify(body),
      })
      return { status: response.status, body: (await response.json()) as unknown }
    },
    { method, path, body },
  )
}

export interface OutboxMessage {
  to: string
  subject: string
  text: string
  link: string | null
}

/**
 * The newest message the server would have sent to this address (GET /dev/mail.json, with the
 * outbox key run.mjs read from the server's DATA_DIR/dev-mail.key).
 */
export async function newestMail(to: string): Promise<OutboxMessage> {
  const key = process.env.E2E_DEV_MAIL_KEY
  if (!key) throw new Error('E2E_DEV_MAIL_KEY is not set; run the journeys with e2e/run.mjs')
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const response = await fetch(new URL('/dev/mail.json', baseUrl), {
      headers: { Authorization: `Bearer ${key}` },
    })
    expect(response.status).toBe(200)
    const { messages } = (await response.json()) as { messages: OutboxMessage[] }
    const message = messages.find((entry) => entry.to === to)
    if (message) return message
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`no mail to ${to} in the outbox`)
}
