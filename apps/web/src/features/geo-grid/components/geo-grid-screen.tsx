import { hasBusinessName, type Business } from '@localseo/shared/business'
import type { GridScan, GridSetup } from '@localseo/shared/geo-grid'
import { ArrowLeft } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { BusinessRequired } from '@/components/business-required'
import { ErrorAlert } from '@/components/error-alert'
import { PageHeader } from '@/components/page-header'
import { buttonClassName } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { useMayChange } from '@/lib/member-role'
import { useGridSetup, useScans } from '../api/geo-grid'
import { ScanForm } from './scan-form'
import { ScanHistory } from './scan-history'
import { ScanResult } from './scan-result'

const TITLE = 'Geo-grid'

/**
 * The geo-grid (issue 17 item 4): the map-pack position of one tracked keyword searched from every
 * point of a grid around the business, as a heat map with its figures; past scans, and two scans of
 * the same search side by side.
 */
export function GeoGridScreen({ business }: { business: Business }) {
  const header = (
    <PageHeader
      title={TITLE}
      description="Where you show in the map pack, street by street"
      actions={
        <Link
          to={paths.rankTracker}
          className={buttonClassName({ variant: 'outline', size: 'sm' })}
        >
          <ArrowLeft aria-hidden="true" />
          Rank Tracker
        </Link>
      }
    />
  )
  if (!hasBusinessName(business)) {
    return (
      <section>
        {header}
        <BusinessRequired />
      </section>
    )
  }
  return (
    <section className="grid min-w-0 grid-cols-1 gap-6">
      <div>{header}</div>
      <GeoGrid businessId={business.id} />
    </section>
  )
}

function SimulatedNote({ setup }: { setup: GridSetup }) {
  if (!setup.simulated) return null
  return (
    <p className="-mt-3 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
      <span className="rounded-md border border-warning/40 bg-warning/10 px-2 py-0.5 font-medium text-foreground">
        Sample data
      </span>
      Map-pack positions are simulated until a search-results provider is connected.
    </p>
  )
}

/** Finished scans of the same keyword and location, other than `scan`. */
const comparable = (scan: GridScan | undefined, scans: readonly GridScan[]) =>
  scan
    ? scans.filter(
        (other) =>
          other.id !== scan.id &&
          other.status === 'done' &&
          other.keywordKey === scan.keywordKey &&
          other.locationId === scan.locationId,
      )
    : []

function GeoGrid({ businessId }: { businessId: string }) {
  const setup = useGridSetup(businessId)
  const scans = useScans(businessId)
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const [compareId, setCompareId] = useState<string | null>(null)
  const mayChange = useMayChange()
  const list = scans.data?.pages.flatMap((page) => page.scans) ?? []
  const selected = list.find((scan) => scan.id === selectedId) ?? list[0]
  const busy = list.some((scan) => scan.status === 'queued' || scan.status === 'running')
  if (setup.isPending || scans.isPending) return <Spinner label="Loading the geo-grid…" />
  if (setup.isError || scans.isError) {
    return <ErrorAlert>Could not load your geo-grid scans. Please try again later.</ErrorAlert>
  }
  const select = (scanId: string) => {
    setSelectedId(scanId)
    setCompareId(null)
  }
  return (
    <>
      <SimulatedNote setup={setup.data} />
      {mayChange ? (
        <ScanForm businessId={businessId} setup={setup.data} busy={busy} onStarted={select} />
      ) : null}
      {selected ? (
        <ScanResult
          key={selected.id}
          businessId={businessId}
          scan={selected}
          others={comparable(selected, list)}
          compareId={compareId}
          onCompare={setCompareId}
          tiles={setup.data.tiles}
        />
      ) : (
        <p className="text-sm text-muted-foreground">
          No scans yet: choose a keyword and a grid, then Run scan.
        </p>
      )}
      {list.length > 0 ? (
        <ScanHistory
          scans={list}
          selectedId={selected?.id ?? null}
          onSelect={select}
          hasMore={scans.hasNextPage}
          loadingMore={scans.isFetchingNextPage}
          onMore={() => void scans.fetchNextPage()}
        />
      ) : null}
    </>
  )
}
