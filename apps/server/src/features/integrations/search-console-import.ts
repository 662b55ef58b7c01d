// Search Console's daily import (issue 18 item 2, ADR 022).
import type { GoogleOAuthConfig } from './google-oauth.js'
import type { GoogleConnectionRow, ImportDeps } from './google-imports.js'

/** Imports the new days of the chosen property; null when no property is chosen. */
export async function importSearchConsole(
  _deps: ImportDeps,
  _config: GoogleOAuthConfig,
  connection: GoogleConnectionRow,
): Promise<string | null> {
  if (!connection.searchConsoleSite) return null
  return Promise.resolve('Search Console: import not written yet')
}
