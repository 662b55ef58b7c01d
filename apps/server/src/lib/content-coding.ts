// Content codings the server sends: brotli first, then gzip, chosen from the client's
// Accept-Encoding with its q-values (RFC 9110 §12.5.3); without a header, identity
// (docs/decisions/019-compressed-assets-and-preloading.md).
export type ContentCoding = 'br' | 'gzip'

/** In the server's order of preference. */
export const CONTENT_CODINGS: readonly ContentCoding[] = ['br', 'gzip']

/** The weight of each coding the header names; a missing or malformed q counts as 1 or 0. */
function acceptedWeights(header: string): Map<string, number> {
  const weights = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase())
    if (!name) continue
    let weight = 1
    for (const param of params) {
      const match = /^q\s*=\s*([0-9.]+)$/.exec(param)
      if (match) weight = Number(match[1])
      else if (param.startsWith('q')) weight = 0
    }
    weights.set(name, Number.isFinite(weight) ? Math.min(weight, 1) : 0)
  }
  return weights
}

/**
 * The best coding among `available` that the client accepts (q > 0, explicitly or through '*'),
 * ties going to the server's order; undefined means identity.
 */
export function chooseContentCoding(
  acceptEncoding: string | undefined,
  available: readonly ContentCoding[] = CONTENT_CODINGS,
): ContentCoding | undefined {
  if (!acceptEncoding) return undefined
  const weights = acceptedWeights(acceptEncoding)
  const wildcard = weights.get('*') ?? 0
  let best: ContentCoding | undefined
  let bestWeight = 0
  for (const coding of CONTENT_CODINGS) {
    if (!available.includes(coding)) continue
    const weight = weights.get(coding) ?? wildcard
    if (weight > bestWeight) {
      best = coding
      bestWeight = weight
    }
  }
  return best
}

/** Adds Accept-Encoding to a response's Vary header, once. */
export function varyOnAcceptEncoding(headers: Headers): void {
  const current = headers.get('Vary')
  if (current === '*' || (current && /(^|,)\s*accept-encoding\s*(,|$)/i.test(current))) return
  headers.set('Vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding')
}
