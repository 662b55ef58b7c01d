import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { downloadText, openBrowser, url, type Browser } from './browser'
import { fixtureOrigin, serveFixtureSite, type FixtureSite } from './fixture-site'
import { signUpWithBusiness } from './journeys'

const partnerUrl = `${fixtureOrigin}/partners`
const WEBSITE = 'https://www.sunrisedental-austin.com'

let fixture: FixtureSite | undefined
let browser: Browser | undefined

// A partner page linking to the business (www and apex are the same site), marked nofollow.
const partnersPage =
  '<!doctype html><html><head><title>Our partners</title></head><body><h1>Partners</h1>' +
  '<p>We recommend <a href="https://sunrisedental-austin.com/" rel="nofollow">Sunrise Dental</a>.</p>' +
  '</body></html>'

beforeAll(async () => {
  fixture = await serveFixtureSite((pathname) =>
    pathname === '/partners' ? partnersPage : undefined,
  )
})

afterAll(async () => {
  await fixture?.close()
})

afterEach(async () => {
  await browser?.close()
  browser = undefined
})

describe('backlinks journey', () => {
  test('add, filter, mark broken, verify, delete, export, analyse, generate ideas', async () => {
    browser = await openBrowser()
    const { page, problems } = browser
    await signUpWithBusiness(page, { prefix: 'backlinks', website: WEBSITE })

    await page.goto(url('/backlinks'))
    await page.getByRole('heading', { name: 'Backlink Monitor' }).waitFor()
    await page.getByText('Viewing backlinks for: Sunrise Dental (Main)').waitFor()
    // A new business may start with sample backlinks; this journey works with its own.
    const table = page.getByRole('table', { name: 'Backlinks' })
    const rowOf = (text: string) => table.getByRole('row').filter({ hasText: text })

    // Add: the button waits for a URL; an invalid one gets the exact message.
    const urlField = page.getByRole('textbox', { name: 'URL' })
    const addButton = page.getByRole('button', { name: 'Add Backlink' })
    expect(await addButton.isDisabled()).toBe(true)
    await urlField.fill('not a url')
    await addButton.click()
    await page.getByText('Invalid URL. Please enter a valid URL.').waitFor()

    await urlField.fill(partnerUrl)
    await page.getByRole('textbox', { name: 'Anchor Text' }).fill('Best dentist in Austin')
    await addButton.click()
    await page.getByText('Backlink from 127.0.0.1 added.').waitFor()
    await urlField.fill('austin-directory.example.com/dentists')
    await addButton.click()
    await page.getByText('Backlink from austin-directory.example.com added.').waitFor()
    await rowOf('austin-directory.example.com').waitFor()
    await rowOf('127.0.0.1').waitFor()

    // Filter by domain on the server: only the directory is left.
    await page.getByRole('searchbox', { name: 'Domain' }).fill('austin-directory')
    await expect.poll(() => rowOf('127.0.0.1').count()).toBe(0)
    expect(await rowOf('austin-directory.example.com').count()).toBe(1)
    await page.getByRole('searchbox', { name: 'Domain' }).fill('')
    await rowOf('127.0.0.1').waitFor()

    // Mark broken, and the Broken Links card counts it.
    const directory = rowOf('austin-directory.example.com')
    await directory.getByRole('button', { name: /^Mark Broken/ }).click()
    await directory.getByRole('button', { name: /^Mark Active/ }).waitFor()
    await directory.getByText('Broken', { exact: true }).waitFor()
    const brokenCard = page
      .getByRole('list', { name: 'Backlink statistics' })
      .getByRole('listitem')
      .filter({ hasText: 'Broken Links' })
    await brokenCard.getByText('Needs attention').waitFor()

    // Verify the partner page: the link is there, marked nofollow by the link.
    const partner = rowOf('127.0.0.1')
    await partner.getByRole('button', { name: /^Verify/ }).click()
    await page.getByText('127.0.0.1: Link found, marked nofollow by the link.').waitFor()
    await partner.getByText('Active', { exact: true }).waitFor()
    await partner.getByText(/^Checked .* · HTTP 200$/).waitFor()
    await partner.getByText('Nofollow', { exact: true }).waitFor()

    // The Type filter now finds it as nofollow, and not the directory.
    await page.getByRole('combobox', { name: 'Type' }).selectOption('nofollow')
    await expect.poll(() => rowOf('austin-directory.example.com').count()).toBe(0)
    expect(await rowOf('127.0.0.1').count()).toBe(1)
    await page.getByRole('combobox', { name: 'Type' }).selectOption('')
    await rowOf('austin-directory.example.com').waitFor()

    // Delete the directory link behind the confirm.
    await directory.getByRole('button', { name: /^Delete/ }).click()
    const dialog = page.getByRole('alertdialog', {
      name: 'Are you sure you want to delete this backlink?',
    })
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => rowOf('austin-directory.example.com').count()).toBe(0)

    // Export: backlinks.csv with the docs/product.md §9 columns.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('backlinks.csv')
    const csv = await downloadText(download)
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split(/\r?\n/)
    expect(lines[0]).toBe('URL,Domain,Anchor Text,Type,Quality,Status,First Seen')
    expect(lines.some((line) => line.startsWith(`${partnerUrl},127.0.0.1,`))).toBe(true)

    // AI Analysis: the three scores and the recommendations, then content ideas.
    await page.getByRole('tab', { name: 'AI Analysis' }).click()
    const scores = page.getByRole('list', { name: 'Backlink scores' })
    await scores.waitFor()
    for (const title of ['Quality Score', 'Diversity Score', 'Local Relevance']) {
      expect(await scores.getByRole('listitem').filter({ hasText: title }).textContent()).toMatch(
        /\d+out of 100/,
      )
    }
    await page.getByRole('heading', { name: 'AI Recommendations' }).waitFor()
    await page.getByText(/^Answered by: /).waitFor()
    // The analysis is kept for good once answered (each may be a model call): only Refresh Analysis
    // asks the server again, and the scores come back from its answer.
    const refresh = page.getByRole('button', { name: 'Refresh Analysis' })
    const [reanalysis] = await Promise.all([
      page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' &&
          new URL(response.url()).pathname === '/api/backlinks/analysis',
      ),
      refresh.click(),
    ])
    expect(reanalysis.status()).toBe(200)
    await refresh.waitFor()
    expect(await refresh.isEnabled()).toBe(true)
    await scores.waitFor()

    await page.getByRole('tab', { name: 'Content Ideas' }).click()
    await page.getByRole('button', { name: 'Generate Ideas' }).click()
    const ideas = page.getByRole('list', { name: 'Content ideas' })
    await ideas.waitFor()
    expect(await ideas.getByRole('listitem').count()).toBeGreaterThan(0)

    expect(problems).toEqual([])
  })
})
