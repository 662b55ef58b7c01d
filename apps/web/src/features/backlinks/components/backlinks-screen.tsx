import { hasBusinessName, type Business } from '@localseo/shared/business'
import { Link2, MapPin, Sparkles } from 'lucide-react'
import { lazy, Suspense, useId, useState } from 'react'
import { BusinessRequired } from '@/components/business-required'
import { LocationPicker, useSelectedLocation } from '@/components/location-picker'
import { PageHeader } from '@/components/page-header'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Spinner } from '@/components/ui/spinner'
import { TabList, TabPanel } from '@/components/ui/tabs'
import { MonitorTab } from './monitor-tab'

// The AI tab is its own chunk: most visits only look at the monitor.
const AiAnalysisTab = lazy(async () => ({
  default: (await import('./ai-analysis-tab')).AiAnalysisTab,
}))

type TabValue = 'monitor' | 'ai'

const tabs = [
  {
    value: 'monitor',
    label: (
      <>
        <Link2 aria-hidden="true" />
        Backlink Monitor
      </>
    ),
  },
  {
    value: 'ai',
    label: (
      <>
        <Sparkles aria-hidden="true" />
        AI Analysis
      </>
    ),
  },
] as const

/** Backlink Monitor (docs/product.md §2, issue 8). Every feature screen needs a business name (docs/product.md §1). */
export function BacklinksScreen({ business }: { business: Business }) {
  if (!hasBusinessName(business)) {
    return (
      <section>
        <PageHeader title="Backlink Monitor" />
        <BusinessRequired />
      </section>
    )
  }
  return <Backlinks business={business} />
}

function Backlinks({ business }: { business: Business }) {
  const [location, setLocation] = useSelectedLocation(business)
  const [tab, setTab] = useState<TabValue>('monitor')
  const id = useId()
  const hasLocations = business.locations.length > 0

  return (
    // minmax(0, 1fr): the wide table scrolls inside its card instead of widening the page.
    <section className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Backlink Monitor"
        description={business.name}
        actions={
          hasLocations ? (
            <LocationPicker business={business} value={location.id} onChange={setLocation} />
          ) : undefined
        }
      />
      <Alert variant="info" role="status" className="-mt-2">
        <MapPin aria-hidden="true" />
        <AlertDescription>
          <p>Viewing backlinks for: {location.label}</p>
          {hasLocations ? (
            <p className="mt-0.5 text-xs">
              {location.isMain
                ? 'All of your backlinks, including those added for each location.'
                : 'Backlinks added while this location is selected.'}
            </p>
          ) : null}
        </AlertDescription>
      </Alert>
      <div className="grid gap-6">
        <TabList
          idPrefix={id}
          label="Backlink Monitor sections"
          tabs={tabs}
          value={tab}
          onChange={setTab}
        />
        <TabPanel idPrefix={id} value={tab}>
          {tab === 'monitor' ? (
            // Keyed: another location starts with its own filters, page and messages.
            <MonitorTab key={location.id} business={business} location={location} />
          ) : (
            <Suspense fallback={<Spinner />}>
              <AiAnalysisTab business={business} location={location} />
            </Suspense>
          )}
        </TabPanel>
      </div>
    </section>
  )
}
