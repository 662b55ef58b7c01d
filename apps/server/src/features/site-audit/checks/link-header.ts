// HTTP Link headers (RFC 8288): `<url>; rel="canonical", <url2>; rel=alternate; hreflang=es`.
// Repeated headers arrive joined with ', ', which the same split handles.

export interface LinkHeaderEntry {
  href: string
  rel: string[]
  params: Record<string, string>
}

/** Splits on the separator outside <...> and quoted strings. */
function splitOutside(text: string, separator: string): string[] {
  const parts: string[] = []
  let current = ''
  let inAngle = false
  let inQuote = false
  for (const ch of text) {
    if (ch === '"' && !inAngle) inQuote = !inQuote
    else if (ch === '<' && !inQuote) inAngle = true
    else if (ch === '>' && !inQuote) inAngle = false
    if (ch === separator && !inAngle && !inQuote) {
      parts.push(current)
      current = ''
    } else {
      current += ch
    }
  }
  parts.push(current)
  return parts
}

export function parseLinkHeader(header: string | undefined): LinkHeaderEntry[] {
  if (!header) return []
  const entries: LinkHeaderEntry[] = []
  for (const link of splitOutside(header, ',')) {
    const [target, ...rest] = splitOutside(link, ';')
    const match = /^\s*<([^>]*)>\s*$/.exec(target ?? '')
    if (!match) continue
    const params: Record<string, string> = {}
    for (const param of rest) {
      const eq = param.indexOf('=')
      if (eq === -1) continue
      const name = param.slice(0, eq).trim().toLowerCase()
      const value = param
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1')
      params[name] ??= value
    }
    entries.push({
      href: match[1] ?? '',
      rel: (params.rel ?? '').toLowerCase().split(/\s+/).filter(Boolean),
      params,
    })
  }
  return entries
}
