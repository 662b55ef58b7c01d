// happy-dom lays nothing out (every element measures 0 × 0), so a recharts container gets the size a
// browser would measure, and the chart draws. A spy, not a mocked module: the web tests share one
// module graph per worker (apps/web/vitest.config.ts).
import { beforeEach, vi } from 'vitest'

/** For a test file whose charts must draw: each chart's container measures 800 × 300. */
export function measureCharts() {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.classList.contains('recharts-responsive-container')
        ? new DOMRect(0, 0, 800, 300)
        : new DOMRect()
    })
  })
}
