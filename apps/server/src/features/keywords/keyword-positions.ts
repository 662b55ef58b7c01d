// Simulated rank positions for analysed keywords (docs/product.md §9 "Random mock: position 5-29"). There is no
// rank data source yet, so a keyword's position is seeded by business, keyword and day: the same all
// day, moving by a few places from one day to the next, like a real ranking.
import { seededRandom } from '@localseo/shared/random'

const DAY_MS = 86_400_000

export const dayOf = (date: Date) => date.toISOString().slice(0, 10)

export function simulatedPosition(businessId: string, keyword: string, day: string): number {
  const base = seededRandom('keyword-position', businessId, keyword).int(5, 29)
  const drift = seededRandom('keyword-position-day', businessId, keyword, day).int(-3, 3)
  return Math.min(100, Math.max(1, base + drift))
}

export function previousDay(now: Date): string {
  return dayOf(new Date(now.getTime() - DAY_MS))
}
