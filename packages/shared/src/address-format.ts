// One line of an address as its country writes it (docs/decisions/017-countries-and-addresses.md).
// Kept apart from nap.ts and countries.ts so screens that only show an address do not load the phone
// metadata.

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' })

/**
 * '100 Congress Ave, Austin, TX 78701' in the US, Canada and Australia; '10 Downing St, London,
 * SW1A 2AA' in the UK; 'Hauptstraße 5, 10115 Berlin' elsewhere.
 */
export function formatAddress(parts: {
  address: string
  city: string
  state: string
  zip: string
  country?: string
}): string {
  const country = parts.country ?? 'US'
  const join = (items: string[], by: string) => items.filter(Boolean).join(by)
  if (country === 'GB') return join([parts.address, parts.city, parts.state, parts.zip], ', ')
  if (['US', 'CA', 'AU'].includes(country)) {
    const cityLine = join([parts.city, join([parts.state, parts.zip], ' ')], ', ')
    return join([parts.address, cityLine], ', ')
  }
  return join([parts.address, join([parts.zip, parts.city], ' '), parts.state], ', ')
}

/** The line with the country's English name outside the US: '10 Downing St, London, SW1A 2AA, United Kingdom'. */
export function addressLine(parts: Parameters<typeof formatAddress>[0]): string {
  const line = formatAddress(parts)
  const country = parts.country ?? 'US'
  if (country === 'US' || !/^[A-Z]{2}$/.test(country)) return line
  return [line, regionNames.of(country) ?? country].filter(Boolean).join(', ')
}
