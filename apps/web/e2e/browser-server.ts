// Vitest global setup for the journeys: one Chromium for the whole run (issue 30), which every
// journey file connects to; each journey gets a browser context of its own (browser.ts), as isolated
// as a fresh profile (cookies, storage, cache) without paying a browser start per journey. Playwright
// starts it with a throwaway --user-data-dir and removes it at close.
import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
// The flags every headless Chromium of ours starts with (the journeys', bench/web-load's).
import chromiumArgs from './chromium-args.json'

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumEndpoint: string
  }
}

export async function setup(project: TestProject) {
  const server = await chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: chromiumArgs,
  })
  project.provide('chromiumEndpoint', server.wsEndpoint())
  return () => server.close()
}
