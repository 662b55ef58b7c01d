// The first Analytics import right after the owner picks a property (issue 18 item 3): a job on the
// queue when the app runs one (any instance takes it), else run in the background of this process.
// Either way the owner's request does not wait for Google.
import type { JobQueue } from '../../jobs/queue.js'
import type { AppDeps } from '../../lib/deps.js'
import { importAnalyticsNow } from './analytics-import.js'
import { googleOAuthConfig } from './google-oauth.js'

const ANALYTICS_IMPORT_QUEUE = 'google.analytics_import'

type Deps = Pick<AppDeps, 'db' | 'env' | 'clock' | 'logger'>

async function runImport(deps: Deps, businessId: string) {
  const config = googleOAuthConfig(deps.env)
  if (config) await importAnalyticsNow(deps, config, businessId)
}

export function defineAnalyticsImportJobs(queue: JobQueue, deps: Deps) {
  queue.define<{ businessId: string }>({
    name: ANALYTICS_IMPORT_QUEUE,
    retryLimit: 2,
    retryDelaySeconds: 30,
    // Five reports of up to 20 s each, with room.
    expireInSeconds: 300,
    handle: ({ businessId }) => runImport(deps, businessId),
  })
}

/** Queues the business's import (one waiting per business at most); never waits for it. */
export async function queueAnalyticsImport(deps: Deps & Pick<AppDeps, 'jobs'>, businessId: string) {
  if (deps.jobs) {
    await deps.jobs.send(ANALYTICS_IMPORT_QUEUE, { businessId }, businessId)
    return
  }
  void runImport(deps, businessId).catch((error: unknown) =>
    deps.logger.error({ err: error, businessId }, 'analytics import failed'),
  )
}
