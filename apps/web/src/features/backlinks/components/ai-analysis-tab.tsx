import { hasBusinessName, type Business } from '@localseo/shared/business'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import { useId, useState } from 'react'
import { TabList, TabPanel } from '@/components/ui/tabs'
import { BacklinkAnalysisPanel } from './backlink-analysis-panel'
import { ContentIdeasPanel } from './content-ideas-panel'

type Subtab = 'analysis' | 'ideas'

const subtabs = [
  { value: 'analysis', label: 'Backlink Analysis' },
  { value: 'ideas', label: 'Content Ideas' },
] as const

/** docs/product.md §2 AI Analysis tab: subtabs Backlink Analysis and Content Ideas, for the selected location. */
export function AiAnalysisTab({
  business,
  location,
}: {
  business: Business
  location: ResolvedLocation
}) {
  const [subtab, setSubtab] = useState<Subtab>('analysis')
  const id = useId()
  const named = hasBusinessName(business)
  return (
    <div className="grid gap-6">
      <TabList
        idPrefix={id}
        label="AI Analysis sections"
        tabs={subtabs}
        value={subtab}
        onChange={setSubtab}
        variant="pill"
      />
      <TabPanel idPrefix={id} value={subtab}>
        {subtab === 'analysis' ? (
          <BacklinkAnalysisPanel business={business} location={location} named={named} />
        ) : (
          <ContentIdeasPanel business={business} location={location} named={named} />
        )}
      </TabPanel>
    </div>
  )
}
