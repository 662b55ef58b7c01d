// CSV exports (docs/product.md §9, docs/house-rules.md "CSV exports"): csv-stringify does the quoting, and every text
// cell that a spreadsheet could read as a formula is defused first.
// The browser build carries its own Buffer shim; the plain build needs Node's global Buffer.
import { stringify } from 'csv-stringify/browser/esm/sync'

export type CsvCell = string | number | boolean | null | undefined

/**
 * A spreadsheet may run a cell as a formula (CSV injection) when it starts with a trigger: `=`, `+`,
 * `-`, `@`, `|` (DDE), or the full-width (U+FF1D, U+FF0B, U+FF0D, U+FF20) or small (U+FE66, U+FE62,
 * U+FE63, U+FE6B) form of the first four, which some spreadsheets fold into the ASCII ones. A trigger
 * after leading whitespace (spreadsheets that trim cells), double quotes or semicolons (the separator
 * in many European locales) counts too, and so does a leading tab or carriage return.
 */
const FORMULA_START = /^(?:[\t\r]|[\s";]*[=+\-@|\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B])/u
/**
 * A reader may split a text cell where this export did not: at every `;` in a semicolon locale, at
 * every tab when the file is opened as tab-separated (or pasted into a sheet), and at a line break
 * when it reads lines before quotes. So a trigger after one of those inside a cell gets its own
 * apostrophe there: `a;=cmd()` becomes `a;'=cmd()`, `x\t=1+1` becomes `x\t'=1+1`, and a CRLF counts
 * as one break. Commas need nothing: a cell holding one is quoted, and every reader honours that.
 */
const FORMULA_AFTER_SEPARATOR =
  /(?:\r\n|[;\t\r\n])(?=[\s"]*[=+\-@|\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B])/gu

/**
 * A text cell that starts like a formula gets a leading apostrophe, so spreadsheets show it as text,
 * and so does every part of it that a reader splitting at `;`, tabs or line breaks would make a cell
 * of its own. Numbers are written as they are: a number cannot carry a formula, and -3 must stay a
 * number.
 */
export function escapeCsvCell(cell: CsvCell): string | number | boolean {
  if (cell === null || cell === undefined) return ''
  if (typeof cell !== 'string') return cell
  const inner = cell.replace(FORMULA_AFTER_SEPARATOR, "$&'")
  return FORMULA_START.test(cell) ? `'${inner}` : inner
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
