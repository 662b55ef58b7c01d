// The backlinks export (docs/product.md §9 "backlinks.csv": URL, Domain, Anchor Text, Type, Quality, Status,
// First Seen), written by the one CSV builder of csv.ts. The server writes it in parts, so a business
// with 100,000 backlinks is never one array.
import type { Backlink } from './backlinks.js'
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
] as const

export type BacklinkCsvFields = Pick<
  Backlink,
  'url' | 'domain' | 'anchorText' | 'linkType' | 'quality' | 'status'
> & { firstSeen: Date }

/** First Seen as YYYY-MM-DD (UTC). */
export function backlinkCsvRow(link: BacklinkCsvFields): CsvCell[] {
  return [
    link.url,
    link.domain,
    link.anchorText,
    link.linkType,
    link.quality,
    link.status,
    link.firstSeen.toISOString().slice(0, 10),
  ]
}
