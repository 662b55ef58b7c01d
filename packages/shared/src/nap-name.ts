// A business name in a comparable form for NAP comparison (nap.ts, issue 9): apart from nap.ts, whose phone
// rules bring libphonenumber's metadata, so the screens that compare only names (competitors) do
// not load it (docs/decisions/019-compressed-assets-and-preloading.md). Imports nothing.

/** Lower case without accents: 'Straße' gives 'strasse', 'Cœur' gives 'coeur'. */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
}

const LEGAL_SUFFIXES = new Set([
  'llc',
  'l l c',
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'company',
  'ltd',
  'limited',
  'pllc',
  'pc',
  'pa',
  'llp',
  'lp',
  'dds',
  'pllc',
  'plc',
  'pty',
  'gmbh',
  'ag',
  'kg',
  'ug',
  'sarl',
  'sas',
  'sa',
  'eurl',
])

/** The text's words: folded, '&' as 'and', apostrophes dropped, '#' kept as a word. */
export function words(text: string): string[] {
  return foldText(text)
    .replace(/&/g, ' and ')
    .replace(/[’'`]/g, '')
    .replace(/#/g, ' # ')
    .replace(/[^a-z0-9#]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
}

/** 'The Smith Dental, LLC' and 'smith dental' are the same name. */
export function normalizeName(name: string): string {
  const tokens = words(name)
  if (tokens[0] === 'the') tokens.shift()
  while (tokens.length > 1 && LEGAL_SUFFIXES.has(tokens[tokens.length - 1] ?? '')) tokens.pop()
  return tokens.join(' ')
}
