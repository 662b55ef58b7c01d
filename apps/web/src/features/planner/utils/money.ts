// A cost per click in the owner's currency, formatted for the browser's locale (issue 32 item 5):
// the figure is converted from US$ by the shared rule (@localseo/shared/money), which says so.
import { fromUsd, type Money } from '@localseo/shared/money'

const currencyFormats = new Map<string, Intl.NumberFormat>()

/** '£1.98' for a UK owner, '$2.50' for a US one, in the browser's own number format. */
export function formatCpc(usd: number, money: Money): string {
  // Made once per currency: making a formatter costs far more than a table cell's formatting.
  let format = currencyFormats.get(money.currency)
  if (!format) {
    format = new Intl.NumberFormat(undefined, { style: 'currency', currency: money.currency })
    currencyFormats.set(money.currency, format)
  }
  return format.format(fromUsd(usd, money))
}
