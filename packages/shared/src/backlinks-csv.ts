// The backlinks export (docs/product.md §9 "backlinks.csv"), written by the one CSV builder of csv.ts. The server
// writes it in parts, so a business with 100,000 backlinks is never one array. Issue 32 items 5 and 9:
// First Seen is the date in the business's time zone (ISO, YYYY-MM-DD), and columns say what each
// rating rests on, where the domain figures come from (or that none is configured), and which rows
// are sample data.
import type { Backlink, BacklinkQualityBasis } from './backlinks.js'
import { QUALITY_LABELS, type RatedQuality } from './backlink-quality.js'
import type { CsvCell } from './csv.js'

export const BACKLINKS_CSV_FILENAME = 'backlinks.csv'

export const BACKLINKS_CSV_HEADER = [
  'URL',
  'Domain',
  'Anchor Text',
  'Type',
  'Quality',
  'Status',
  'First Seen',
  'Quality Based On',
  'Domain Rank',
  'Spam Score',
  'Domain Figures Source',
  'Sample',
] as const

export type BacklinkCsvFields = Pick<
  Backlink,
  'url' | 'domain' | 'anchorText' | 'linkType' | 'status' | 'sample'
> & {
  quality: RatedQuality
  qualityBasis: BacklinkQualityBasis | null
  firstSeen: Date
  domainAuthority: number | null
  spamScore: number | null
  metricsSource: string | null
  metricsCheckedAt: Date | null
}

/** The calendar date of `date` in `timeZone`, as YYYY-MM-DD. */
export function isoDateIn(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(date)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')}`
}

/** Why a row has no domain rank or spam score, or where they came from and when. */
function figuresSource(link: BacklinkCsvFields, provider: string | null, timeZone: string) {
  if (link.metricsSource && link.metricsCheckedAt) {
    return `${link.metricsSource}, ${isoDateIn(link.metricsCheckedAt, timeZone)}`
  }
  return provider
    ? `${provider} has not been asked yet: it is asked when the link is checked`
    : 'None: no backlink data provider is configured'
}

/** One row; dates are the business's calendar dates (`timeZone`). */
export function backlinkCsvRow(
  link: BacklinkCsvFields,
  { timeZone, provider }: { timeZone: string; provider: string | null },
): CsvCell[] {
  const hasFigures = link.metricsSource !== null
  return [
    link.url,
    link.domain,
    link.anchorText,
    link.linkType,
    QUALITY_LABELS[link.quality],
    link.status,
    isoDateIn(link.firstSeen, timeZone),
    (link.qualityBasis?.reasons ?? []).join(' '),
    hasFigures ? link.domainAuthority : null,
    hasFigures ? link.spamScore : null,
    figuresSource(link, provider, timeZone),
    link.sample ? 'Sample' : '',
  ]
}
