// Every job handler, registered once on deps.jobs, for the server (index.ts) and each test app
// (testing/app.ts) alike (docs/decisions/025-one-wiring.md). Each feature owns its queues
// (docs/decisions/018-job-queue.md); the planner sends the scheduled kinds.
import { createAutomationRunner, type AutomationRunner } from './features/automation/public.js'
import { defineVerifyJobs } from './features/backlinks/public.js'
import { defineGeoGridJobs } from './features/geo-grid/public.js'
import { defineAnalyticsImportJobs } from './features/integrations/public.js'
import { defineKeywordJobs } from './features/keywords/public.js'
import { defineReportJobs } from './features/reports/public.js'
import { defineAuditJobs } from './features/site-audit/public.js'
import type { AppDeps } from './lib/deps.js'

/** Defines every queue with its handler; answers the planner, whose start() opens the queue. */
export function registerJobs(deps: AppDeps): AutomationRunner {
  defineAuditJobs({ ...deps, allowHosts: deps.env.FETCH_ALLOW_HOSTS })
  defineGeoGridJobs(deps)
  defineVerifyJobs(deps)
  defineKeywordJobs(deps)
  defineAnalyticsImportJobs(deps)
  defineReportJobs(deps)
  return createAutomationRunner(deps)
}
