import { ErrorAlert } from '@/components/error-alert'
import { hasBusinessName, type Business } from '@localseo/shared/business'
import { useQuery } from '@tanstack/react-query'
import { ArrowLeft, Globe, ScanSearch, Unplug } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { BusinessRequired, SettingsRequired } from '@/components/business-required'
import { PageHeader } from '@/components/page-header'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { useMayChange } from '@/lib/member-role'
import {
  auditRunQueryOptions,
  auditRunsQueryOptions,
  latestFinishedRun,
  type AuditRunSummary,
} from '@/lib/site-audit'
import { useCancelAudit } from '../api/cancel-audit'
import { useStartAudit } from '../api/start-audit'
import { UNREACHABLE_TITLE } from '../utils/audit-format'
import { AuditHistory } from './audit-history'
import { AuditIssues } from './audit-issues'
import { AuditProgress } from './audit-progress'
import { AuditSummary } from './audit-summary'

export const NO_WEBSITE_MESSAGE = 'Add your website in Settings to run a site audit.'

/** Issue 11 item 4: run an audit of the owner's website and work through what it found. */
export function SiteAuditScreen({ business }: { business: Business }) {
  // The side menu keeps Dashboard active (docs/product.md §2); this link leads back to it.
  const header = (
    <Link
      to={paths.dashboard}
      className="mb-3 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Dashboard
    </Link>
  )
  if (!hasBusinessName(business)) {
    return (
      <section>
        {header}
        <PageHeader title="Site Audit" />
        <BusinessRequired />
      </section>
    )
  }
  return (
    <section>
      {header}
      <SiteAudit business={business} />
    </section>
  )
}

function SiteAudit({ business }: { business: Business }) {
  const runs = useQuery(auditRunsQueryOptions(business.id))
  const start = useStartAudit()
  const cancel = useCancelAudit()
  const [selectedId, setSelectedId] = useState<string>()
  const hasWebsite = business.website.trim() !== ''
  const mayChange = useMayChange()

  const list = runs.data ?? []
  const latest = list[0]
  const running = latest?.status === 'running' ? latest : undefined
  const shown = pickShown(list, selectedId)

  return (
    <>
      <PageHeader
        title="Site Audit"
        description={business.website || business.name}
        actions={
          hasWebsite && mayChange ? (
            <Button
              onClick={() => start.mutate(undefined, { onSuccess: () => setSelectedId(undefined) })}
              disabled={start.isPending || running !== undefined || runs.isPending}
            >
              <ScanSearch aria-hidden="true" />
              {start.isPending ? 'Starting...' : 'Run site audit'}
            </Button>
          ) : undefined
        }
      />
      <div className="grid gap-6">
        {start.error ? <ErrorAlert>{start.error.message}</ErrorAlert> : null}
        {cancel.error ? <ErrorAlert>{cancel.error.message}</ErrorAlert> : null}
        {!hasWebsite ? <NoWebsite /> : null}
        {runs.isPending ? (
          <Spinner label="Loading your audits…" />
        ) : runs.isError ? (
          <ErrorAlert>Could not load your audits. Please try again later.</ErrorAlert>
        ) : (
          <>
            {running ? (
              <AuditProgress
                run={running}
                cancelling={cancel.isPending}
                onCancel={() => cancel.mutate(running.id)}
              />
            ) : null}
            {latest?.status === 'failed' ? <FailedRunNotice run={latest} /> : null}
            {list.length === 0 && hasWebsite ? <FirstRun /> : null}
            {shown ? <RunResults businessId={business.id} runId={shown.id} /> : null}
            {list.length > 0 ? (
              <AuditHistory runs={list} selectedId={shown?.id} onSelect={setSelectedId} />
            ) : null}
          </>
        )}
      </div>
    </>
  )
}

/**
 * The latest run failed: a website that could not be reached says so with the cause and what to
 * check (no findings, no score change); any other failure asks to run it again.
 */
function FailedRunNotice({ run }: { run: AuditRunSummary }) {
  if (run.endReason === 'unreachable') {
    return (
      <Alert variant="destructive" role="status">
        <Unplug aria-hidden="true" />
        <div className="grid gap-1">
          <AlertTitle>{UNREACHABLE_TITLE}</AlertTitle>
          <AlertDescription>
            {run.error} Nothing was found and your score has not changed.
          </AlertDescription>
        </div>
      </Alert>
    )
  }
  return (
    <Alert variant="destructive" role="status">
      <AlertDescription>
        The last audit did not finish: {run.error ?? 'it stopped unexpectedly.'} Run it again.
      </AlertDescription>
    </Alert>
  )
}

/** The chosen run when it has results, else the latest run that finished. */
function pickShown(runs: AuditRunSummary[], selectedId: string | undefined) {
  const chosen = runs.find((r) => r.id === selectedId)
  if (chosen && (chosen.status === 'done' || chosen.status === 'cancelled')) return chosen
  return latestFinishedRun(runs)
}

function RunResults({ businessId, runId }: { businessId: string; runId: string }) {
  const detail = useQuery(auditRunQueryOptions(businessId, runId))
  if (detail.isPending) return <Spinner label="Loading the audit results…" />
  if (detail.isError) {
    return <ErrorAlert>Could not load this audit. Please try again later.</ErrorAlert>
  }
  return (
    <>
      <AuditSummary detail={detail.data} />
      <AuditIssues detail={detail.data} />
    </>
  )
}

function NoWebsite() {
  return <SettingsRequired icon={Globe} message={NO_WEBSITE_MESSAGE} />
}

function FirstRun() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <ScanSearch aria-hidden="true" className="size-6" />
        </span>
        <h2 className="text-lg font-semibold">No audit yet</h2>
        <p className="max-w-lg text-sm text-muted-foreground">
          Run a site audit to check your website for what local search rewards: pages search engines
          can read, titles and headings, your name, address and phone on the page, LocalBusiness
          markup and a page for each location. It reads up to 200 pages.
        </p>
      </CardContent>
    </Card>
  )
}
