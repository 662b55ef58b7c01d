// Accessibility in the journeys (issue 21 item 3): axe-core checks the page as the owner sees it, and
// a journey fails on any serious or critical violation (WCAG 2.1 A and AA rules).
import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'

export async function expectAccessible(page: Page, where: string) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // Every rule runs as before; what changes is the cost (issue 30: a third of the journeys' time
    // went here). Legacy mode runs axe in the page itself, where the default opens a new tab per
    // check to merge frame results (our pages have no frames), and only violations are serialised.
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze()
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    )
  expect(serious).toEqual([])
}
