// Account journeys (issue 3): forgot password through the local outbox, and two-factor sign-in.
// With E2E_SCREENSHOTS=<dir> set, each new state is also photographed at 1280 and 390 px.
import path from 'node:path'
import * as OTPAuth from 'otpauth'
import type { Locator, Page } from 'playwright-core'
import { afterEach, describe, expect, test } from 'vitest'
import { openBrowser, url, type Browser } from './browser'
import { newestMail, signUpThroughLanding } from './journeys'

let browser: Browser | undefined

afterEach(async () => {
  await browser?.close()
  browser = undefined
})

const PASSWORD = 'correct horse battery'

/** The page (or one part of it) at 1280 and 390 px, when E2E_SCREENSHOTS names a directory. */
async function snap(page: Page, name: string, part?: Locator) {
  const dir = process.env.E2E_SCREENSHOTS
  if (!dir) return
  const wide = page.viewportSize() ?? { width: 1280, height: 800 }
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
    const file = path.join(dir, `${name}-${width}.png`)
    if (part) await part.screenshot({ path: file })
    else await page.screenshot({ path: file, fullPage: true })
  }
  await page.setViewportSize(wide)
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log Out' }).click()
  await page.waitForURL(url('/'))
  await page.getByRole('heading', { name: 'Log In' }).waitFor()
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email Address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log In', exact: true }).click()
}

describe('accounts journey', () => {
  test('forgot password: the emailed link sets a new password and signs the owner in', async () => {
    browser = await openBrowser()
    const { page, problems } = browser
    const email = await signUpThroughLanding(page, { fullName: 'Mary Jackson', prefix: 'recover' })
    await logOut(page)
    await snap(page, 'login-card')

    await page.getByLabel('Email Address').fill(email)
    await page.getByRole('button', { name: 'Forgot password?' }).click()
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor()
    await snap(page, 'forgot-password')
    await page.getByRole('button', { name: 'Email me a reset link' }).click()
    await page.getByRole('heading', { name: 'Check your email' }).waitFor()
    await snap(page, 'forgot-password-sent')

    const mail = await newestMail(email)
    expect(mail.link).toBeTruthy()
    await page.goto(mail.link ?? '')
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor()
    // The session came in the URL fragment; nothing of it stays in the address bar.
    expect(page.url()).toBe(url('/reset-password'))
    await snap(page, 'set-new-password')

    const newPassword = 'a brand new secret'
    await page.getByLabel('New password', { exact: true }).fill(newPassword)
    await page.getByLabel('Confirm new password').fill(newPassword)
    await page.getByRole('button', { name: 'Save new password' }).click()
    await page.waitForURL(url('/dashboard'))
    await page.getByRole('banner').getByText('Mary Jackson').waitFor()

    // The link works once.
    await logOut(page)
    await page.goto(mail.link ?? '')
    await page.getByRole('heading', { name: 'This link cannot be used' }).waitFor()
    await snap(page, 'recovery-link-used')

    // The old password is gone; the new one logs in.
    await page.goto(url('/'))
    await logIn(page, email, PASSWORD)
    await page.getByRole('alert').getByText('Invalid login credentials').waitFor()
    await logIn(page, email, newPassword)
    await page.waitForURL(url('/dashboard'))

    // An unknown address gets the same answer.
    await logOut(page)
    await page.getByRole('button', { name: 'Forgot password?' }).click()
    await page.getByLabel('Email Address').fill(`nobody-${Date.now()}@example.com`)
    await page.getByRole('button', { name: 'Email me a reset link' }).click()
    await page.getByRole('heading', { name: 'Check your email' }).waitFor()

    expect(problems).toEqual([])
  })

  test('two-factor sign-in: set it up with the key, log in with a code, turn it off', async () => {
    browser = await openBrowser()
    const { page, problems } = browser
    const email = await signUpThroughLanding(page, { fullName: 'Dorothy Vaughan', prefix: 'totp' })

    await page.goto(url('/settings'))
    const security = page.getByRole('region', { name: 'Security' })
    await security.getByRole('button', { name: 'Set up two-factor sign-in' }).waitFor()
    await snap(page, 'account-card', page.getByRole('region', { name: 'Account' }))
    await snap(page, 'security-card', security)
    await security.getByRole('button', { name: 'Set up two-factor sign-in' }).click()
    const qr = security.getByRole('img', { name: /QR code/ })
    await qr.waitFor()
    // The QR code is a real image (it decodes), not markup in the page.
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
      true,
    )
    await snap(page, 'two-factor-setup', security)

    const secret = (await security.getByTestId('totp-secret').textContent())?.trim() ?? ''
    const totp = new OTPAuth.TOTP({
      secret: OTPAuth.Secret.fromBase32(secret),
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
    })
    await security.getByLabel('6-digit code').fill(totp.generate())
    await security.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
    await security
      .getByText('Two-factor sign-in is on. You will be asked for a code when you log in.')
      .waitFor()
    await snap(page, 'two-factor-on', security)

    await logOut(page)
    await logIn(page, email, PASSWORD)
    await page.getByRole('heading', { name: 'Enter your two-factor code' }).waitFor()
    await snap(page, 'two-factor-login')
    // The app stays closed, also after a reload or a direct visit.
    await page.goto(url('/dashboard'))
    await page.waitForURL(url('/'))
    await page.getByRole('heading', { name: 'Enter your two-factor code' }).waitFor()

    // The set-up used this time step's code; a code is accepted once, so use the next step's.
    await page.getByLabel('6-digit code').fill(totp.generate({ timestamp: Date.now() + 30_000 }))
    await page.getByRole('button', { name: 'Verify' }).click()
    await page.waitForURL(url('/dashboard'))
    await page.getByRole('banner').getByText('Dorothy Vaughan').waitFor()

    // An aal2 session turns it off without another code.
    await page.goto(url('/settings'))
    await security.getByRole('button', { name: 'Turn off two-factor sign-in' }).click()
    await security.getByRole('button', { name: 'Turn off', exact: true }).click()
    await security.getByText('Two-factor sign-in is off.').waitFor()
    await logOut(page)
    await logIn(page, email, PASSWORD)
    await page.waitForURL(url('/dashboard'))

    expect(problems).toEqual([])
  })

  test('sign in with an emailed code, change name and email, and sign out the other sessions', async () => {
    browser = await openBrowser()
    const { page, problems } = browser
    const email = await signUpThroughLanding(page, {
      fullName: 'Katherine Johnson',
      prefix: 'code',
    })
    // A second browser signed in as the same owner.
    const other = await openBrowser()
    try {
      await other.page.goto(url('/'))
      await logIn(other.page, email, PASSWORD)
      await other.page.waitForURL(url('/dashboard'))

      await logOut(page)
      await page.getByRole('button', { name: 'Email me a sign-in code' }).click()
      await page.getByLabel('Email Address').fill(email)
      await page.getByRole('button', { name: 'Email me a code' }).click()
      await page.getByRole('heading', { name: 'Enter your sign-in code' }).waitFor()
      await snap(page, 'email-code')
      const mail = await newestMail(email)
      const code = /code: (\d{6})/.exec(mail.text)?.[1] ?? ''
      expect(code).toMatch(/^\d{6}$/)
      await page.getByLabel('6-digit code').fill(code)
      await page.getByRole('button', { name: 'Sign In' }).click()
      await page.waitForURL(url('/dashboard'))

      await page.goto(url('/settings'))
      const account = page.getByRole('region', { name: 'Account' })
      await account.getByLabel('Full Name', { exact: true }).fill('Katherine G. Johnson')
      await account.getByRole('button', { name: 'Save name' }).click()
      await account.getByText('Your name has been saved.').waitFor()
      await account.getByLabel('New email address').fill(`new-${email}`)
      await account.getByRole('button', { name: 'Change email' }).click()
      await account.getByText('Waiting for confirmation').waitFor()
      await snap(page, 'account-email-pending', account)
      // The link in the email to the new address confirms the change.
      const confirmation = await newestMail(`new-${email}`)
      await page.goto(confirmation.link ?? '')
      await account.getByText(`new-${email}`, { exact: true }).waitFor()
      expect(await account.getByText('Waiting for confirmation').count()).toBe(0)
      await page.getByRole('banner').getByText('Katherine G. Johnson').waitFor()

      const security = page.getByRole('region', { name: 'Security' })
      await security.getByRole('button', { name: 'Sign out of all other sessions' }).click()
      await security.getByText('All other sessions have been signed out.').waitFor()
      await snap(page, 'security-others-signed-out', security)

      // The other browser is out at its next check; this one stays in.
      await other.page.reload()
      await other.page.waitForURL(url('/'))
      await other.page.getByRole('heading', { name: 'Log In' }).waitFor()
      await page.reload()
      await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor()
    } finally {
      await other.close()
    }
    expect(problems).toEqual([])
  })
})
