import { afterEach, describe, expect, test } from 'vitest'
import { openBrowser, url, type Browser } from './browser'
import { expectAccessible } from './a11y'

let browser: Browser | undefined

afterEach(async () => {
  await browser?.close()
  browser = undefined
})

describe('auth journey', () => {
  test('sign up, log out, log in, get redirected, and use the small-screen menu', async () => {
    browser = await openBrowser()
    const { page, problems } = browser
    const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
    const password = 'correct horse battery'

    // Sign up.
    await page.goto(url('/'))
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click()
    await page.getByLabel('Full Name').fill('Grace Hopper')
    await page.getByLabel('Email Address').fill(email)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await page.waitForURL(url('/dashboard'))
    const header = page.getByRole('banner')
    await header.getByText('Grace Hopper').waitFor()
    expect(await header.getByText('LocalSEO AI').isVisible()).toBe(true)
    await page.getByRole('heading', { name: 'Welcome to LocalSEO AI' }).waitFor()

    // Log out.
    await page.getByRole('button', { name: 'Log Out' }).click()
    await page.waitForURL(url('/'))
    await page.getByRole('heading', { name: 'Log In' }).waitFor()
    await expectAccessible(page, 'landing page')

    // A wrong password shows the server's message above the form.
    await page.getByLabel('Email Address').fill(email)
    await page.getByLabel('Password').fill('wrong password')
    await page.getByRole('button', { name: 'Log In' }).click()
    await page.getByRole('alert').getByText('Invalid login credentials').waitFor()

    // Log in.
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Log In' }).click()
    await page.waitForURL(url('/dashboard'))
    await page.getByRole('banner').getByText('Grace Hopper').waitFor()

    // The session survives a reload, and unknown paths go to SEO Recommendations.
    await page.goto(url('/no-such-page'))
    await page.waitForURL(url('/recommendations'))
    await page.getByRole('heading', { name: 'SEO Recommendations' }).waitFor()
    const menu = page.getByRole('navigation', { name: 'Main' })
    expect(
      await menu.getByRole('link', { name: 'SEO Recommendations' }).getAttribute('aria-current'),
    ).toBe('page')

    // On a phone the menu hides behind a toggle.
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await menu.isVisible()).toBe(false)
    await page.getByRole('button', { name: 'Open menu' }).click()
    await menu.waitFor({ state: 'visible' })
    await menu.getByRole('link', { name: 'Settings' }).click()
    await page.waitForURL(url('/settings'))
    await menu.waitFor({ state: 'hidden' })

    expect(problems).toEqual([])
  })

  test('a signed-out visit to a protected screen lands on the landing page', async () => {
    browser = await openBrowser()
    const { page, problems } = browser
    await page.goto(url('/settings'))
    await page.waitForURL(url('/'))
    await page.getByRole('heading', { name: 'Log In' }).waitFor()
    expect(await page.getByRole('heading', { name: 'Settings' }).count()).toBe(0)
    expect(problems).toEqual([])
  })
})
