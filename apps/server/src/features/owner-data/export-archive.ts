// Everything of one business as one ZIP archive (issue 35 item 6, docs/decisions/048-export-and-delete.md):
// business.json, backlinks.csv in the Backlink Monitor's shape, a CSV per table (export-files.ts)
// and README.txt. fflate writes the ZIP as the rows arrive: each file is read in pages and deflated
// page by page, so memory holds one page and its compressed bytes, whatever the business's size.
import { eq, getTableColumns } from 'drizzle-orm'
import { Zip, ZipDeflate } from 'fflate'
import type { Db } from '../../db/client.js'
import { backlinks } from '../../db/schema/backlinks.js'
import { businesses, locations } from '../../db/schema/business.js'
import { locationOrder } from '../../lib/tenant.js'
import { backlinkCsvParts } from '../backlinks/public.js'
import { BACKLINKS_CSV, BUSINESS_JSON, TABLE_FILES } from './export-files.js'
import { tableCsvParts } from './table-csv.js'

interface ArchiveFile {
  name: string
  about: string
  parts: () => AsyncGenerator<string>
}

async function* once(text: () => Promise<string> | string): AsyncGenerator<string> {
  yield await text()
}

/** The business's own row (not who created it) with its locations, as stored. */
async function businessJson(db: Db, businessId: string): Promise<string> {
  const fields = Object.fromEntries(
    Object.entries(getTableColumns(businesses)).filter(([key]) => key !== 'userId'),
  )
  const [business] = await db.select(fields).from(businesses).where(eq(businesses.id, businessId))
  const places = await db
    .select()
    .from(locations)
    .where(eq(locations.businessId, businessId))
    .orderBy(...locationOrder)
  return `${JSON.stringify({ ...business, locations: places }, null, 2)}\n`
}

function readme(files: readonly ArchiveFile[], options: ExportOptions): string {
  const width = Math.max(...files.map((file) => file.name.length))
  return [
    `Everything LocalSEO AI keeps about ${options.businessName || 'your business'}.`,
    `Exported ${options.now.toISOString()} (UTC).`,
    '',
    'Files',
    ...files.map((file) => `  ${file.name.padEnd(width)}  ${file.about}`),
    '',
    'How to read them',
    '  - CSV files are UTF-8, comma-separated, with a header row; columns have their database names.',
    "    A cell that a spreadsheet would run as a formula starts with an apostrophe (').",
    '  - Times (columns ending in _at or _time) are UTC, ISO 8601: 2026-03-10T15:00:00.000Z.',
    `  - Days (YYYY-MM-DD) are on the business's clock, time zone ${options.timeZone}, except in`,
    '    query-ledger.csv and query-usage.csv, which count UTC days.',
    '  - Positions: 1 is the top of the results. An empty position with status ok means not in the',
    '    top 100; a failed check has its reason and no position, never 0.',
    "  - source says where a figure came from ('simulated', 'measured', 'estimate'); rows with",
    '    sample = true are sample data the app made up for a new business, not real figures.',
    '  - Lists and documents inside a cell are JSON. *_id columns point to the id of another file.',
    '  - Provider keys and Google tokens are never exported; Google can be connected again.',
    '',
  ].join('\r\n')
}

export interface ExportOptions {
  db: Db
  businessId: string
  businessName: string
  timeZone: string
  /** The backlink data provider's name for backlinks.csv, or null (ADR 032). */
  backlinkProvider: string | null
  now: Date
  pageSize?: number
}

/** The archive's files in order: README.txt last, since it lists the others. */
export function archiveFiles(options: ExportOptions): ArchiveFile[] {
  const { db, businessId, pageSize } = options
  const files: ArchiveFile[] = [
    {
      name: BUSINESS_JSON,
      about: 'The business profile and its locations, as entered in Settings.',
      parts: () => once(() => businessJson(db, businessId)),
    },
    {
      name: BACKLINKS_CSV,
      about:
        "Backlinks, in the Backlink Monitor's download format (First Seen on the business's clock).",
      parts: () =>
        backlinkCsvParts({
          db,
          condition: eq(backlinks.businessId, businessId),
          timeZone: options.timeZone,
          provider: options.backlinkProvider,
          ...(pageSize ? { pageSize } : {}),
        }),
    },
    ...TABLE_FILES.map((entry) => ({
      name: entry.file,
      about: entry.about,
      parts: () =>
        tableCsvParts({
          db,
          table: entry.table,
          businessId,
          ...(entry.omit ? { omit: entry.omit } : {}),
          ...(pageSize ? { pageSize } : {}),
        }),
    })),
  ]
  const all: ArchiveFile[] = [
    ...files,
    { name: 'README.txt', about: 'This file.', parts: () => once(() => readme(all, options)) },
  ]
  return all
}

/** The ZIP in parts, each yielded as soon as a page of its file is compressed. */
export async function* exportArchiveParts(options: ExportOptions): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder()
  const ready: Uint8Array[] = []
  let failure: Error | null = null
  const zip = new Zip((error, chunk) => {
    if (error) failure = error
    else ready.push(chunk)
  })
  const take = () => {
    if (failure) throw failure
    const bytes = Buffer.concat(ready.splice(0))
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length)
  }
  for (const file of archiveFiles(options)) {
    const entry = new ZipDeflate(file.name, { level: 6 })
    entry.mtime = options.now
    zip.add(entry)
    for await (const part of file.parts()) {
      entry.push(encoder.encode(part))
      if (ready.length) yield take()
    }
    entry.push(new Uint8Array(0), true)
  }
  zip.end()
  yield take()
}
