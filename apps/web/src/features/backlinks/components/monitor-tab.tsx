import type { Backlink } from '@localseo/shared/backlinks'
import type { Business } from '@localseo/shared/business'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import { Download, Info } from 'lucide-react'
import { useState } from 'react'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { exportBacklinks } from '../api/export-backlinks'
import { useBacklinkSummary } from '../api/get-backlink-summary'
import { noFilters, useBacklinks, type BacklinkFilters as Filters } from '../api/get-backlinks'
import { useDeleteBacklink, useSetBacklinkStatus } from '../api/update-backlink'
import { useVerifyAll, useVerifyBacklink } from '../api/verify-backlinks'
import { useDebouncedValue } from '../utils/use-debounced-value'
import { AddBacklinkForm } from './add-backlink-form'
import { BacklinkFilters } from './backlink-filters'
import { BacklinkStats } from './backlink-stats'
import { BacklinkSummaries } from './backlink-summaries'
import { BacklinkTips } from './backlink-tips'
import { BacklinksTable } from './backlinks-table'
import { DeleteBacklinkDialog } from './delete-backlink-dialog'
import { Pagination } from './pagination'
import { VerifyAllButton, verifyAllMessage } from './verify-all'

const EMPTY_BACKLINKS =
  'No backlinks found. Add your first backlink using the "Add Backlink" button.'
const NO_WEBSITE_TO_VERIFY = 'Please add your website URL in Settings to verify backlinks.'
const DOMAIN_DEBOUNCE_MS = 300

type Notice = { tone: 'info' | 'error'; text: string } | null

/** The Backlink Monitor tab (docs/product.md §2): add, export, stats, filters, the table and the summaries. */
export function MonitorTab({
  business,
  location,
}: {
  business: Business
  location: ResolvedLocation
}) {
  const [domainInput, setDomainInput] = useState('')
  const domain = useDebouncedValue(domainInput, DOMAIN_DEBOUNCE_MS)
  const [otherFilters, setOtherFilters] = useState<Filters>(noFilters)
  const filters: Filters = { ...otherFilters, domain: domain.trim() }
  // The page belongs to one location and set of filters: any change goes back to page 1.
  const scope = JSON.stringify([location.id, filters])
  const [paging, setPaging] = useState({ scope, page: 1 })
  const page = paging.scope === scope ? paging.page : 1

  const summary = useBacklinkSummary(business.id, location.id)
  const list = useBacklinks(business.id, location.id, filters, page)
  const setStatus = useSetBacklinkStatus(business.id)
  const verify = useVerifyBacklink(business.id)
  const remove = useDeleteBacklink(business.id)
  const verifyAll = useVerifyAll(business.id, location.id)
  const [deleting, setDeleting] = useState<Backlink | null>(null)
  const [notice, setNotice] = useState<Notice>(null)
  const [exporting, setExporting] = useState(false)

  const hasWebsite = business.website.trim() !== ''
  const filtersActive = JSON.stringify(filters) !== JSON.stringify(noFilters)
  const total = list.data?.total ?? 0
  const busyId =
    (setStatus.isPending ? setStatus.variables.id : null) ??
    (verify.isPending ? verify.variables : null)

  async function runExport() {
    setExporting(true)
    setNotice(null)
    try {
      await exportBacklinks(location.id, filters)
    } catch (error) {
      setNotice({ tone: 'error', text: error instanceof Error ? error.message : String(error) })
    } finally {
      setExporting(false)
    }
  }

  function onVerify(backlink: Backlink) {
    setNotice(null)
    if (!hasWebsite) {
      setNotice({ tone: 'error', text: NO_WEBSITE_TO_VERIFY })
      return
    }
    verify.mutate(backlink.id, {
      onSuccess: (checked) =>
        setNotice({
          tone: 'info',
          text: `${checked.domain}: ${checked.verification?.note ?? `status ${checked.status}.`}`,
        }),
      onError: (error) => setNotice({ tone: 'error', text: error.message }),
    })
  }

  const verifyProgress = verifyAll.progress

  return (
    <div className="grid gap-6">
      <AddBacklinkForm businessId={business.id} location={location.id} />

      {summary.isError ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>
            Could not load your backlink statistics. Please try again.
          </AlertDescription>
        </Alert>
      ) : summary.data ? (
        <BacklinkStats summary={summary.data} />
      ) : (
        <Spinner label="Loading statistics…" />
      )}

      <Card className="min-w-0">
        <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle id="backlinks-title">Backlinks</CardTitle>
            <CardDescription>
              {list.data
                ? `${total.toLocaleString('en-US')} ${total === 1 ? 'backlink matches' : 'backlinks match'} the filters.`
                : 'Your recorded backlinks.'}
            </CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            <VerifyAllButton
              progress={verifyProgress}
              disabled={(summary.data?.total ?? 0) === 0}
              onRun={() => {
                setNotice(null)
                if (!hasWebsite) setNotice({ tone: 'error', text: NO_WEBSITE_TO_VERIFY })
                else verifyAll.run()
              }}
              onStop={verifyAll.stop}
            />
            <Button
              variant="outline"
              size="sm"
              disabled={total === 0 || exporting}
              onClick={() => void runExport()}
            >
              <Download aria-hidden="true" />
              {exporting ? 'Exporting...' : 'Export'}
            </Button>
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          {verifyProgress ? (
            <p
              role="status"
              className={
                verifyProgress.error ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'
              }
            >
              {verifyAllMessage(verifyProgress)}
            </p>
          ) : null}
          {notice ? (
            <Alert variant={notice.tone === 'error' ? 'destructive' : 'info'} role="alert">
              <Info aria-hidden="true" />
              <AlertDescription className="break-words">{notice.text}</AlertDescription>
            </Alert>
          ) : null}
          <BacklinkFilters
            domain={domainInput}
            onDomainChange={setDomainInput}
            filters={otherFilters}
            onChange={setOtherFilters}
          />
          {list.isError ? (
            <p role="alert" className="text-sm text-destructive">
              Could not load your backlinks. Please try again.
            </p>
          ) : !list.data ? (
            <Spinner label="Loading backlinks…" />
          ) : list.data.items.length === 0 ? (
            <div className="grid gap-1 py-6 text-center text-sm text-muted-foreground">
              <p>{EMPTY_BACKLINKS}</p>
              {filtersActive ? <p>No backlink matches the filters; try clearing them.</p> : null}
            </div>
          ) : (
            <>
              <BacklinksTable
                items={list.data.items}
                busyId={busyId}
                verifyDisabled={verifyProgress?.running ?? false}
                onToggleStatus={(backlink) => {
                  setNotice(null)
                  setStatus.mutate(
                    {
                      id: backlink.id,
                      status: backlink.status === 'broken' ? 'active' : 'broken',
                    },
                    { onError: (error) => setNotice({ tone: 'error', text: error.message }) },
                  )
                }}
                onVerify={onVerify}
                onDelete={(backlink) => {
                  remove.reset()
                  setDeleting(backlink)
                }}
              />
              <Pagination
                page={list.data.page}
                pageSize={list.data.pageSize}
                total={list.data.total}
                loading={list.isPlaceholderData}
                onPage={(next) => setPaging({ scope, page: next })}
              />
            </>
          )}
        </CardContent>
      </Card>

      {summary.data ? <BacklinkSummaries summary={summary.data} /> : null}
      <BacklinkTips />

      <DeleteBacklinkDialog
        backlink={deleting}
        deleting={remove.isPending}
        error={remove.error?.message ?? null}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return
          remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
        }}
      />
    </div>
  )
}
