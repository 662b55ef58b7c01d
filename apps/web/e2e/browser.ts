// Launches the system Chromium through playwright-core with a throwaway profile per journey.
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'

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

export async function openBrowser(viewport = { width: 1280, height: 800 }): Promise<Browser> {
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'localseo-e2e-chromium-'))
  // --user-data-dir cannot be passed to launch(); a persistent context takes it as its profile.
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    viewport,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  })
  const page = context.pages()[0] ?? (await context.newPage())
  const problems: string[] = []
  page.on('console', (message) => {
    // A refused login is an expected 400; Chromium logs every failed request as an error.
    if (message.type() !== 'error' || /status of 400/.test(message.text())) return
    problems.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  return {
    context,
    page,
    problems,
    close: async () => {
      await context.close()
      await rm(userDataDir, { recursive: true, force: true })
    },
  }
}

export function url(pathname: string): string {
  return new URL(pathname, baseUrl).toString()
}
