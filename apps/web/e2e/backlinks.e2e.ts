import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { downloadText, openBrowser, url, type Browser } from './browser'
import { fixtureOrigin, serveFixtureSite, type FixtureSite } from './fixture-site'
import { signUpWithBusiness } from './journeys'
import { snap } from './screenshots'

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
  // '/gone' is a 404: a broken link.
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

    // Issue 32 item 4: a link no check has found is 'Not rated', with why; without a backlink data
    // provider there is no domain authority or spam score anywhere, and the screen says why.
    const directoryRow = rowOf('austin-directory.example.com')
    await directoryRow.getByText('Not rated', { exact: true }).waitFor()
    await directoryRow.getByText('Why').click()
    await directoryRow.getByText('Not rated: not checked yet. Verify it to rate it.').waitFor()
    expect(await table.getByRole('columnheader', { name: 'Domain rank' }).count()).toBe(0)
    expect(await page.getByText(/spam score \d|domain authority \d/i).count()).toBe(0)
    await page
      .getByText(
        /No domain authority or spam score is shown: they would come from a backlink data provider/,
      )
      .waitFor()
    // The table fits its card at 1280 px: nothing scrolls sideways (issue 32 item 9).
    const region = table.locator('xpath=..')
    expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true)

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
    // Rated from the check: found, but nofollow on an http page: Low, each reason named.
    await partner.getByText('Low', { exact: true }).waitFor()
    await partner.getByText('Why').click()
    await partner.getByText('Nofollow: passes little ranking value.').waitFor()
    await partner.getByText('The page does not use https.').waitFor()

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
    expect(lines[0]).toBe(
      'URL,Domain,Anchor Text,Type,Quality,Status,First Seen,Quality Based On,Domain Rank,Spam Score,Domain Figures Source,Sample',
    )
    const partnerLine = lines.find((line) => line.startsWith(`${partnerUrl},127.0.0.1,`))
    expect(partnerLine).toMatch(/,Low,active,\d{4}-\d{2}-\d{2},/)
    expect(partnerLine).toContain(',,,None: no backlink data provider is configured,')
    // The sample links are marked as such (issue 32 item 9).
    expect(lines.slice(1).filter((line) => line.endsWith(',Sample')).length).toBe(
      lines.length - 2, // the header and the partner link
    )

    // Phone width: the rows are cards and the status badges stay inside them (issue 32 item 9).
    await page.setViewportSize({ width: 390, height: 844 })
    const status = partner.getByText('Active', { exact: true })
    const box = await status.boundingBox()
    expect(box && box.x + box.width).toBeLessThanOrEqual(390)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.setViewportSize({ width: 1280, height: 800 })
    await snap(page, 'backlinks-table', table)

    // AI Analysis: the three scores and the recommendations, then content ideas.
    await page.getByRole('tab', { name: 'AI Analysis' }).click()
    const scores = page.getByRole('list', { name: 'Backlink scores' })
    await scores.waitFor()
    for (const title of ['Diversity Score', 'Local Relevance']) {
      expect(await scores.getByRole('listitem').filter({ hasText: title }).textContent()).toMatch(
        /\d+out of 100/,
      )
    }
    // Issue 32 item 4: the Quality Score comes from the checked links only. The partner link
    // (Low) counts; the sample links were never checked and are left out, and said so: never the
    // 100/100 of made-up ratings.
    const quality = scores.getByRole('listitem').filter({ hasText: 'Quality Score' })
    expect(await quality.textContent()).toMatch(/^Quality Score0out of 100Needs work/)
    await quality.getByText(/From the 1 checked link: .* not rated yet\./).waitFor()
    await snap(page, 'backlinks-analysis', scores)
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
