// Money in the owner's currency (issue 32 item 5). Every cost per click comes from a US-dollar source
// (the built-in estimates, and keyword data sources, which answer in US$), so a business outside
// the US sees it converted at one fixed rate, and the screen and the CSV say so with the rate's date.

/** ISO 4217 currency of each country the product knows best, and its neighbours; else US$. */
const CURRENCIES: Readonly<Record<string, string>> = {
  US: 'USD',
  CA: 'CAD',
  GB: 'GBP',
  AU: 'AUD',
  NZ: 'NZD',
  IE: 'EUR',
  DE: 'EUR',
  FR: 'EUR',
  ES: 'EUR',
  IT: 'EUR',
  NL: 'EUR',
  BE: 'EUR',
  AT: 'EUR',
  PT: 'EUR',
  FI: 'EUR',
}

/**
 * Fixed US$ rates: units of each currency one US dollar buys, as published on `USD_RATES_DATE`. A
 * fixed rate keeps a keyword's CPC the same from one day to the next, like every other estimate.
 */
const USD_RATES: Readonly<Record<string, number>> = {
  USD: 1,
  CAD: 1.4,
  GBP: 0.79,
  AUD: 1.54,
  NZD: 1.76,
  EUR: 0.86,
}

/** The day the rates above were taken, as ISO; said with every converted figure. */
export const USD_RATES_DATE = '2026-11-02'

export interface Money {
  /** ISO 4217: 'GBP'. */
  currency: string
  /** Units of `currency` per US dollar; 1 for US$. */
  rate: number
  /** True when figures are converted from US$. */
  converted: boolean
}

/** The currency of a country (ISO 3166-1 alpha-2), with its rate from US$. */
export function moneyFor(country: string): Money {
  const currency = CURRENCIES[country.trim().toUpperCase()] ?? 'USD'
  const rate = USD_RATES[currency] ?? 1
  return { currency, rate, converted: currency !== 'USD' }
}

/** A US$ amount in the money's currency, to the cent. */
export function fromUsd(usd: number, money: Money): number {
  return Math.round(usd * money.rate * 100) / 100
}

/**
 * What a converted figure says about itself: 'Converted from US$ at a fixed rate of 1 US$ = 0.79
 * GBP, 2026-11-02.'; null when nothing is converted.
 */
export function conversionNote(money: Money): string | null {
  if (!money.converted) return null
  return `Converted from US$ at a fixed rate of 1 US$ = ${money.rate} ${money.currency}, ${USD_RATES_DATE}.`
}
