// The journeys' browser: a context of its own per journey, on the one Chromium of the run
// (browser-server.ts).
import {
  chromium,
  type Browser as Chromium,
  type BrowserContext,
  type Download,
  type Page,
  type Request,
} from 'playwright-core'
import { appendFile } from 'node:fs/promises'
import { afterAll, beforeAll, beforeEach, inject, type TestContext } from 'vitest'

// Vitest overwrites process.env.BASE_URL with Vite's base path ('/'), so run.mjs also passes
// E2E_BASE_URL.
export const baseUrl = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000'

export interface Browser {
  context: BrowserContext
  page: Page
  /** Console errors, uncaught exceptions and CSP violations seen so far. */
  problems: string[]
  close: () => Promise<void>
}

/** This file's connection to the run's Chromium, made at the first journey that needs it. */
let connection: Promise<Chromium> | undefined

/** After each journey file (setup-file.ts): the file's connection closes. */
export async function closeConnection(): Promise<void> {
  const opened = connection
  connection = undefined
  if (opened) await (await opened).close()
}

/** The pages open now, with what each saw: what a failed step's report describes. */
const openPages = new Map<
  Page,
  { problems: string[]; slow: string[]; went: string[]; pending: Map<Request, number> }
>()
/** Pages a journey closed during the current step, described as they were before closing. */
let closedThisStep: string[] = []

/**
 * A page as it is: its address and the last addresses it went to (a step waiting for an address
 * that came and went reads differently from one whose click never navigated), its requests still
 * unanswered, its last slow requests and problems, the text on screen.
 */
async function describePage(page: Page): Promise<string> {
  const seen = openPages.get(page)
  const text = await page
    .locator('main')
    .innerText({ timeout: 1_000 })
    .catch(() => '(no main element)')
  return [
    `  at ${page.url()}`,
    ...(seen?.went.slice(-5).map((line) => `  went: ${line}`) ?? []),
    // Requests still unanswered: a click whose request waits reads differently from a lost click.
    ...[...(seen?.pending ?? [])].map(
      ([request, since]) =>
        `  unanswered for ${((Date.now() - since) / 1000).toFixed(1)} s: ${request.method()} ${request.url()}`,
    ),
    ...(seen?.slow.slice(-5).map((line) => `  slow: ${line}`) ?? []),
    ...(seen?.problems.slice(-5).map((line) => `  ${line}`) ?? []),
    `  on screen: ${text.replace(/\s+/g, ' ').slice(0, 300)}`,
  ].join('\n')
}

/**
 * After each step (setup-file.ts): a failed step's pages, written where run.mjs's caller prints
 * them at the end of the run (JOURNEY_DIAGNOSTICS), since a CI log otherwise says only which wait
 * ran out. Registered first, this runs after the journey's own hooks (which may close its browser,
 * so close() describes it first).
 */
export async function reportFailedStep(context: TestContext): Promise<void> {
  const closed = closedThisStep
  closedThisStep = []
  const file = process.env.JOURNEY_DIAGNOSTICS
  if (!file || context.task.result?.state !== 'fail') return
  const pages = [...closed, ...(await Promise.all([...openPages.keys()].map(describePage)))]
  await appendFile(file, `${context.task.file.name} > ${context.task.name}\n${pages.join('\n')}\n`)
}

/** Where the browser believes it is: its language and its own clock (issue 32 item 5). */
interface Place {
  locale?: string
  timezoneId?: string
}

export async function openBrowser(
  viewport = { width: 1280, height: 800 },
  place: Place = {},
): Promise<Browser> {
  connection ??= chromium.connect(inject('chromiumEndpoint'))
  const context = await (await connection).newContext({ viewport, ...place })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('console', (message) => {
    // A refused login is an expected 400; Chromium logs every failed request as an error.
    if (message.type() !== 'error' || /status of 400/.test(message.text())) return
    problems.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  const slow: string[] = []
  const went: string[] = []
  const pending = new Map<Request, number>()
  const opened = Date.now()
  openPages.set(page, { problems, slow, went, pending })
  page.on('request', (request) => pending.set(request, Date.now()))
  page.on('requestfinished', (request) => pending.delete(request))
  page.on('requestfailed', (request) => pending.delete(request))
  // The main frame's navigations, the history API's included, by seconds since the page opened.
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return
    went.push(`${((Date.now() - opened) / 1000).toFixed(1)} s ${frame.url()}`)
  })
  page.on('close', () => openPages.delete(page))
  page.on('requestfinished', (request) => {
    const { responseEnd } = request.timing()
    if (responseEnd > 3_000)
      slow.push(`${Math.round(responseEnd)} ms ${request.method()} ${request.url()}`)
  })
  // Which request failed, beside the console's line that names only its status.
  page.on('response', (response) => {
    if (response.status() >= 500) {
      problems.push(
        `response: ${response.status()} ${response.request().method()} ${response.url()}`,
      )
    }
  })
  const close = async () => {
    if (process.env.JOURNEY_DIAGNOSTICS && !page.isClosed()) {
      closedThisStep.push(await describePage(page))
    }
    await context.close()
  }
  return { context, page, problems, close }
}

/**
 * A journey as steps: one browser, made ready by `setUp` (such as signing an owner up), for every test
 * of the calling block, each step a test of its own with the whole test timeout. Once a step fails
 * the later ones are skipped, as they would only fail on its account. Returns the browser's getter.
 */
export function journeySteps(
  setUp: (browser: Browser) => Promise<void>,
  viewport?: { width: number; height: number },
  place?: Place,
): () => Browser {
  let browser: Browser | undefined
  let failed = false
  beforeAll(async () => {
    browser = await openBrowser(viewport, place)
    await setUp(browser)
  })
  beforeEach((context) => {
    if (failed) context.skip('an earlier step of this journey failed')
    context.onTestFailed(() => {
      failed = true
    })
  })
  afterAll(async () => {
    await browser?.close()
    browser = undefined
  })
  return () => {
    if (!browser) throw new Error('The journey has no browser: its set-up failed.')
    return browser
  }
}

export function url(pathname: string): string {
  return new URL(pathname, baseUrl).toString()
}

/** A finished download's text (the browser runs apart from the test, so it is read as a stream). */
export async function downloadText(download: Download): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
