// The first Analytics import right after the owner picks a property (issue 18 item 3): a job on the
// queue (any instance takes it), so the owner's request does not wait for Google.
import type { AppDeps } from '../../lib/deps.js'
import { importAnalyticsNow } from './analytics-import.js'
import { googleOAuthConfig } from './google-oauth.js'

const ANALYTICS_IMPORT_QUEUE = 'google.analytics_import'

type Deps = Pick<AppDeps, 'db' | 'env' | 'clock' | 'logger' | 'secrets'>

async function runImport(deps: Deps, businessId: string) {
  const config = googleOAuthConfig(deps.env)
  if (config) await importAnalyticsNow(deps, config, businessId)
}

export function defineAnalyticsImportJobs(deps: Deps & Pick<AppDeps, 'jobs'>) {
  deps.jobs.define<{ businessId: string }>({
    name: ANALYTICS_IMPORT_QUEUE,
    retryLimit: 2,
    retryDelaySeconds: 30,
    // Five reports of up to 20 s each, with room.
    expireInSeconds: 300,
    handle: ({ businessId }) => runImport(deps, businessId),
  })
}

/** Queues the business's import (one waiting per business at most); never waits for it. */
export async function queueAnalyticsImport(deps: Pick<AppDeps, 'jobs'>, businessId: string) {
  await deps.jobs.send(ANALYTICS_IMPORT_QUEUE, { businessId }, businessId)
}
