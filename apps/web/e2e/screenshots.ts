// E2E_SCREENSHOTS=<dir> saves what a journey shows at 1280 and 390 px wide, for a person to look at.
import path from 'node:path'
import type { Locator, Page } from 'playwright-core'

const shots = process.env.E2E_SCREENSHOTS

/** The page scrolled to `what`, at desktop and phone widths; nothing without E2E_SCREENSHOTS. */
export async function snap(page: Page, name: string, what: Locator) {
  if (!shots) return
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await what.scrollIntoViewIfNeeded()
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`) })
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}
