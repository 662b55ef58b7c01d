import type { Backlink } from '@localseo/shared/backlinks'
import type { Business } from '@localseo/shared/business'
import { searchExamples } from '@localseo/shared/business-terms'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import { Download, Info } from 'lucide-react'
import { useState } from 'react'
import { ErrorAlert } from '@/components/error-alert'
import { Pagination } from '@/components/pagination'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-error'
import { useMayChange } from '@/lib/member-role'
import { exportBacklinks } from '../api/export-backlinks'
import { useBacklinkSummary } from '../api/get-backlink-summary'
import { noFilters, useBacklinks, type BacklinkFilters as Filters } from '../api/get-backlinks'
import { useDeleteBacklink, useSetBacklinkStatus } from '../api/update-backlink'
import { useVerifyAll, useVerifyBacklink, type VerifyAllState } from '../api/verify-backlinks'
import { useDebouncedValue } from '../utils/use-debounced-value'
import { AddBacklinkForm } from './add-backlink-form'
import { BacklinkFilters } from './backlink-filters'
import { BacklinkStats } from './backlink-stats'
import { BacklinkSummaries } from './backlink-summaries'
import { BacklinkTips } from './backlink-tips'
import { BacklinksTable } from './backlinks-table'
import { DeleteBacklinkDialog } from './delete-backlink-dialog'
import { VerifyAllButton, verifyAllMessage } from './verify-all'

const EMPTY_BACKLINKS =
  'No backlinks found. Add your first backlink using the "Add Backlink" button.'
const NO_WEBSITE_TO_VERIFY = 'Please add your website URL in Settings to verify backlinks.'
const DOMAIN_DEBOUNCE_MS = 300

type Notice = { tone: 'info' | 'error'; text: string } | null

/** The filters (the domain debounced), the page, and the list and summary they select. */
function useBacklinkList(businessId: string, locationId: string) {
  const [domainInput, setDomainInput] = useState('')
  const domain = useDebouncedValue(domainInput, DOMAIN_DEBOUNCE_MS)
  const [otherFilters, setOtherFilters] = useState<Filters>(noFilters)
  const filters: Filters = { ...otherFilters, domain: domain.trim() }
  // The page belongs to one location and set of filters: any change goes back to page 1.
  const scope = JSON.stringify([locationId, filters])
  const [paging, setPaging] = useState({ scope, page: 1 })
  const page = paging.scope === scope ? paging.page : 1
  return {
    domainInput,
    setDomainInput,
    otherFilters,
    setOtherFilters,
    filters,
    filtersActive: JSON.stringify(filters) !== JSON.stringify(noFilters),
    setPage: (next: number) => setPaging({ scope, page: next }),
    summary: useBacklinkSummary(businessId, locationId),
    list: useBacklinks(businessId, locationId, filters, page),
  }
}

/** What a row's buttons and Export do, with the one notice that reports the last of them. */
function useBacklinkActions(business: Business, locationId: string, filters: Filters) {
  const setStatus = useSetBacklinkStatus(business.id)
  const verify = useVerifyBacklink(business.id)
  const remove = useDeleteBacklink(business.id)
  const [notice, setNotice] = useState<Notice>(null)
  const [exporting, setExporting] = useState(false)
  const hasWebsite = business.website.trim() !== ''
  const fail = (error: Error) => setNotice({ tone: 'error', text: error.message })

  async function runExport() {
    setExporting(true)
    setNotice(null)
    try {
      await exportBacklinks(locationId, filters)
    } catch (error) {
      setNotice({ tone: 'error', text: error instanceof Error ? error.message : String(error) })
    } finally {
      setExporting(false)
    }
  }
  function onVerify(backlink: Backlink) {
    setNotice(hasWebsite ? null : { tone: 'error', text: NO_WEBSITE_TO_VERIFY })
    if (!hasWebsite) return
    verify.mutate(backlink.id, {
      onSuccess: (checked) =>
        setNotice({
          tone: 'info',
          text: `${checked.domain}: ${checked.verification?.note ?? `status ${checked.status}.`}`,
        }),
      // Checked too often (429): nothing went wrong, so the server's wait is told as a notice.
      onError: (error) =>
        error instanceof ApiError && error.status === 429
          ? setNotice({ tone: 'info', text: `${backlink.domain}: ${error.message}` })
          : fail(error),
    })
  }
  function onToggleStatus(backlink: Backlink) {
    setNotice(null)
    const status = backlink.status === 'broken' ? 'active' : 'broken'
    setStatus.mutate({ id: backlink.id, status }, { onError: fail })
  }
  const busyId =
    (setStatus.isPending ? setStatus.variables.id : null) ??
    (verify.isPending ? verify.variables : null)
  return {
    remove,
    notice,
    setNotice,
    exporting,
    runExport,
    onVerify,
    onToggleStatus,
    busyId,
    hasWebsite,
  }
}

/** The Backlink Monitor tab (docs/product.md §2): add, export, stats, filters, the table and the summaries. */
export function MonitorTab({
  business,
  location,
}: {
  business: Business
  location: ResolvedLocation
}) {
  const view = useBacklinkList(business.id, location.id)
  const actions = useBacklinkActions(business, location.id, view.filters)
  const verifyAll = useVerifyAll(business.id, location.id)
  const [deleting, setDeleting] = useState<Backlink | null>(null)
  const mayChange = useMayChange()
  const { summary, list } = view
  const total = list.data?.total ?? 0
  const onVerifyAll = () => {
    actions.setNotice(actions.hasWebsite ? null : { tone: 'error', text: NO_WEBSITE_TO_VERIFY })
    if (actions.hasWebsite) verifyAll.run()
  }

  return (
    <div className="grid gap-6">
      {mayChange ? (
        <AddBacklinkForm
          businessId={business.id}
          location={location.id}
          anchorExample={searchExamples({ ...business, city: location.city }).anchor}
        />
      ) : null}
      <StatsSection summary={summary} />
      <Card className="min-w-0">
        <BacklinksCardHeader
          total={list.data ? total : null}
          verifyAll={verifyAll.state}
          verifyStarting={verifyAll.starting}
          verifyDisabled={(summary.data?.total ?? 0) === 0}
          onVerifyAll={onVerifyAll}
          onStop={verifyAll.stop}
          exporting={actions.exporting}
          onExport={() => void actions.runExport()}
        />
        <CardContent className="grid gap-4">
          <ProgressAndNotice verifyAll={verifyAll.state} notice={actions.notice} />
          <BacklinkFilters
            domain={view.domainInput}
            onDomainChange={view.setDomainInput}
            filters={view.otherFilters}
            onChange={view.setOtherFilters}
          />
          <BacklinkListBody
            list={list}
            metricsProvider={summary.data?.metricsProvider ?? null}
            filtersActive={view.filtersActive}
            busyId={actions.busyId}
            verifyDisabled={verifyAll.state.active}
            onToggleStatus={actions.onToggleStatus}
            onVerify={actions.onVerify}
            onDelete={(backlink) => {
              actions.remove.reset()
              setDeleting(backlink)
            }}
            onPage={view.setPage}
          />
        </CardContent>
      </Card>
      {summary.data ? <BacklinkSummaries summary={summary.data} /> : null}
      <BacklinkTips />
      <DeleteBacklinkDialog
        backlink={deleting}
        deleting={actions.remove.isPending}
        error={actions.remove.error?.message ?? null}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) actions.remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
        }}
      />
    </div>
  )
}

/** The title with how many backlinks match, Verify all and Export. */
function BacklinksCardHeader({
  total,
  verifyAll,
  verifyStarting,
  verifyDisabled,
  onVerifyAll,
  onStop,
  exporting,
  onExport,
}: {
  total: number | null
  verifyAll: VerifyAllState
  verifyStarting: boolean
  verifyDisabled: boolean
  onVerifyAll: () => void
  onStop: () => void
  exporting: boolean
  onExport: () => void
}) {
  const mayChange = useMayChange()
  return (
    <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="grid gap-1.5">
        <CardTitle id="backlinks-title">Backlinks</CardTitle>
        <CardDescription>
          {total !== null
            ? `${total.toLocaleString('en-US')} ${total === 1 ? 'backlink matches' : 'backlinks match'} the filters.`
            : 'Your recorded backlinks.'}
        </CardDescription>
      </div>
      <div className="flex flex-wrap gap-2">
        {mayChange ? (
          <VerifyAllButton
            state={verifyAll}
            starting={verifyStarting}
            disabled={verifyDisabled}
            onRun={onVerifyAll}
            onStop={onStop}
          />
        ) : null}
        <Button variant="outline" size="sm" disabled={!total || exporting} onClick={onExport}>
          <Download aria-hidden="true" />
          {exporting ? 'Exporting...' : 'Export'}
        </Button>
      </div>
    </CardHeader>
  )
}

/** The stat cards, or why they are not there yet. */
function StatsSection({ summary }: { summary: ReturnType<typeof useBacklinkSummary> }) {
  if (summary.isError) {
    return <ErrorAlert>Could not load your backlink statistics. Please try again.</ErrorAlert>
  }
  if (!summary.data) return <Spinner label="Loading statistics…" />
  return <BacklinkStats summary={summary.data} />
}

/** How far Verify all has got, and the notice of the last action. */
function ProgressAndNotice({ verifyAll, notice }: { verifyAll: VerifyAllState; notice: Notice }) {
  const failed = verifyAll.error !== null || verifyAll.run?.status === 'failed'
  const message = verifyAll.error ?? (verifyAll.run ? verifyAllMessage(verifyAll.run) : null)
  return (
    <>
      {message ? (
        <p
          role="status"
          className={failed ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}
        >
          {message}
        </p>
      ) : null}
      {notice?.tone === 'error' ? (
        <ErrorAlert className="break-words">{notice.text}</ErrorAlert>
      ) : notice ? (
        <Alert variant="info" role="status">
          <Info aria-hidden="true" />
          <AlertDescription className="break-words">{notice.text}</AlertDescription>
        </Alert>
      ) : null}
    </>
  )
}

/**
 * The table and its pages, or why there is none: a failed load, loading, no backlinks at all, or
 * none matching the filters (issue 21 item 4: only the message that is true).
 */
function BacklinkListBody({
  list,
  filtersActive,
  onPage,
  ...table
}: {
  list: ReturnType<typeof useBacklinks>
  filtersActive: boolean
  onPage: (page: number) => void
} & Omit<Parameters<typeof BacklinksTable>[0], 'items'>) {
  if (list.isError) {
    return <ErrorAlert>Could not load your backlinks. Please try again.</ErrorAlert>
  }
  if (!list.data) return <Spinner label="Loading backlinks…" />
  if (list.data.items.length === 0) {
    return (
      <p className="py-6 text-center text-sm text-muted-foreground">
        {filtersActive ? 'No backlink matches the filters; try clearing them.' : EMPTY_BACKLINKS}
      </p>
    )
  }
  return (
    <>
      <BacklinksTable items={list.data.items} {...table} />
      <DomainFiguresNote provider={table.metricsProvider} />
      <BacklinkPages
        page={list.data.page}
        pageSize={list.data.pageSize}
        total={list.data.total}
        loading={list.isPlaceholderData}
        onPage={onPage}
      />
    </>
  )
}

/**
 * Where domain rank and spam score come from, or why there are none (issue 32 item 4, ADR 032):
 * never a made-up figure.
 */
function DomainFiguresNote({ provider }: { provider: string | null }) {
  return (
    <p className="text-xs text-muted-foreground">
      {provider
        ? `Domain rank and spam score (0-100) come from ${provider}, asked when a link is checked and at most once a month per site.`
        : 'No domain authority or spam score is shown: they would come from a backlink data provider (DataForSEO Backlinks), which this installation has not set up. Quality is rated from what each link check finds.'}
    </p>
  )
}

/** 'Showing 21–40 of 135 (page 2 of 7)'. */
function BacklinkPages({
  page,
  pageSize,
  total,
  loading,
  onPage,
}: {
  page: number
  pageSize: number
  total: number
  loading: boolean
  onPage: (page: number) => void
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const first = (page - 1) * pageSize + 1
  const last = Math.min(total, page * pageSize)
  const count = (n: number) => n.toLocaleString('en-US')
  return (
    <Pagination label="Backlink pages" page={page} pages={pages} loading={loading} onPage={onPage}>
      Showing {count(first)}–{count(last)} of {count(total)} (page {page} of {count(pages)})
    </Pagination>
  )
}
