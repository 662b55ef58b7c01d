// The daily Google import (issue 18 items 2 and 3, ADR 022): for a business with a working Google
// connection, each importer copies the new days of one Google product into our tables, and the
// screens read those. One importer per product: add a line to IMPORTERS.
import { automationQueue } from '@localseo/shared/automation'
import type { AppDeps } from '../../lib/deps.js'
import { connectionRow } from './google-connection.js'
import { googleOAuthConfig, type GoogleOAuthConfig } from './google-oauth.js'
import { importAnalytics } from './analytics-import.js'
import { importSearchConsole } from './search-console-import.js'

export type ImportDeps = Pick<AppDeps, 'db' | 'env' | 'clock' | 'logger' | 'secrets'>
export type GoogleConnectionRow = NonNullable<Awaited<ReturnType<typeof connectionRow>>>

/** One product's import: its outcome in words, or null when the owner has not set it up (no property). */
type GoogleImporter = (
  deps: ImportDeps,
  config: GoogleOAuthConfig,
  connection: GoogleConnectionRow,
) => Promise<string | null>

const IMPORTERS: GoogleImporter[] = [importSearchConsole, importAnalytics]

/** Runs every importer for the business; the outcome Settings shows under 'Google data import'. */
export async function runGoogleImports(deps: ImportDeps, businessId: string) {
  const config = googleOAuthConfig(deps.env)
  if (!config) return { outcome: 'Google is simulated on this server: nothing to import' }
  const connection = await connectionRow(deps.db, businessId)
  if (!connection) return { outcome: 'Google is not connected: nothing to import' }
  if (connection.status !== 'connected') return { outcome: 'Reconnect Google to import again' }
  const outcomes: string[] = []
  for (const importer of IMPORTERS) {
    const outcome = await importer(deps, config, connection)
    if (outcome) outcomes.push(outcome)
  }
  return { outcome: outcomes.join('; ') || 'No Google property chosen yet: nothing to import' }
}

/**
 * Asks the queue for an import now (a property was just picked): the request does not wait for it,
 * and the run is the automation's own, so Settings shows its outcome.
 */
export async function enqueueGoogleImport(
  deps: Pick<AppDeps, 'jobs' | 'logger'>,
  businessId: string,
) {
  try {
    await deps.jobs.send(automationQueue('google_import'), { businessId }, businessId)
  } catch (error) {
    deps.logger.warn({ err: error, businessId }, 'the first Google import could not be queued')
  }
}
