// Vitest global setup for the journeys: one Chromium for the whole run (issue 30), which every
// journey file connects to; each journey gets a browser context of its own (browser.ts), as isolated
// as a fresh profile (cookies, storage, cache) without paying a browser start per journey. Playwright
// starts it with a throwaway --user-data-dir and removes it at close.
import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumEndpoint: string
  }
}

export async function setup(project: TestProject) {
  const server = await chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
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
  project.provide('chromiumEndpoint', server.wsEndpoint())
  return () => server.close()
}
