// Whether a screen fits a width without sideways scrolling, once it has settled.
import { expect } from 'vitest'
import type { Page } from 'playwright-core'

/**
 * Resizes the page to `width` and waits (5 s at most) until nothing is wider: a chart measures its
 * box with a ResizeObserver a frame after the resize, so the page is briefly as wide as before.
 */
export async function expectFitsWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 })
  const fits = await page
    .waitForFunction((w) => document.documentElement.scrollWidth <= w, width, { timeout: 5_000 })
    .then(() => true)
    .catch(() => false)
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(fits, `the page is ${scrollWidth} px wide at ${width} px`).toBe(true)
}
