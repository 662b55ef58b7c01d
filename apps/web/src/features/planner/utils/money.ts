// A cost per click in the owner's currency, formatted for the browser's locale (issue 32 item 5):
// the figure is converted from US$ by the shared rule (@localseo/shared/money), which says so.
import { fromUsd, type Money } from '@localseo/shared/money'

/** '£1.98' for a UK owner, '$2.50' for a US one, in the browser's own number format. */
export function formatCpc(usd: number, money: Money): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency: money.currency }).format(
    fromUsd(usd, money),
  )
}
