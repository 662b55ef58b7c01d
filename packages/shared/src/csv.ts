// CSV exports (SPEC §9, ARCHITECTURE "CSV exports"): csv-stringify does the quoting, and every text
// cell that a spreadsheet could read as a formula is defused first.
// The browser build carries its own Buffer shim; the plain build needs Node's global Buffer.
import { stringify } from 'csv-stringify/browser/esm/sync'

export type CsvCell = string | number | boolean | null | undefined

/** Cells beginning with these run as formulas in Excel, LibreOffice and Google Sheets (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * A text cell that starts like a formula gets a leading apostrophe, so spreadsheets show it as text.
 * Numbers are written as they are: a number cannot carry a formula, and '-3' must stay a number.
 */
export function escapeCsvCell(cell: CsvCell): string | number | boolean {
  if (cell === null || cell === undefined) return ''
  if (typeof cell !== 'string') return cell
  return FORMULA_START.test(cell) ? `'${cell}` : cell
}

/** Rows without a header, escaped and quoted, each ending in CRLF: for a CSV written in parts. */
export function buildCsvRows(rows: readonly (readonly CsvCell[])[]): string {
  return stringify(
    rows.map((row) => row.map(escapeCsvCell)),
    {
      record_delimiter: 'windows',
      // A bare CR or LF inside a cell must be quoted too, or a reader could split the row there.
      quoted_match: /[\r\n]/,
    },
  )
}

/** The header row and the rows, escaped and quoted, with CRLF line ends (RFC 4180). */
export function buildCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return buildCsvRows([header, ...rows])
}
