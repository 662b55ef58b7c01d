import { afterEach, describe, expect, test, vi } from 'vitest'

// The browser's locale decides the format: each case loads the module under another default.
async function datesIn(locale: string) {
  vi.resetModules()
  class InLocale extends Intl.DateTimeFormat {
    constructor(requested?: string | string[], options?: Intl.DateTimeFormatOptions) {
      super(requested ?? locale, options)
    }
  }
  vi.stubGlobal('Intl', Object.create(Intl, { DateTimeFormat: { value: InLocale } }))
  return import('./dates')
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('dates in the owner terms (issue 32 item 5)', () => {
  // 6:04 pm on Nov 27 in Austin is already Nov 28 in UTC.
  const evening = '2026-11-28T00:04:00Z'

  test("an instant is read on the business's clock, not UTC's", async () => {
    const { formatDate, formatDateTime } = await datesIn('en-US')
    expect(formatDate(evening, 'America/Chicago')).toBe('Nov 27, 2026')
    expect(formatDate(evening, 'Europe/London')).toBe('Nov 28, 2026')
    expect(formatDateTime(evening, 'America/Chicago')).toMatch(/^Nov 27, 2026, 6:04\sPM$/)
  })

  test("the browser's locale sets the format; a calendar day never shifts", async () => {
    const uk = await datesIn('en-GB')
    expect(uk.formatDate(evening, 'Europe/London')).toBe('28 Nov 2026')
    expect(uk.formatDay('2026-11-27')).toBe('27 Nov 2026')
    const us = await datesIn('en-US')
    expect(us.formatDay('2026-11-27')).toBe('Nov 27, 2026')
  })
})
