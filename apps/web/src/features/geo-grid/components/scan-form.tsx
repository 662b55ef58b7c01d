import {
  formatUsd,
  GRID_SIZES,
  GRID_SPACINGS_KM,
  scanCost,
  type GridSetup,
  type GridSize,
  type GridSpacing,
} from '@localseo/shared/geo-grid'
import { MapPin, Play } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { ErrorAlert } from '@/components/error-alert'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Select } from '@/components/ui/select'
import { paths } from '@/config/paths'
import { useStartScan } from '../api/geo-grid'

const queries = (n: number) => `${n} ${n === 1 ? 'query' : 'queries'}`

/** The money a scan's queries cost at the provider's price, as a clause; empty when unknown. */
const moneyText = (setup: GridSetup, cost: number) =>
  setup.price ? `, about ${formatUsd(cost * setup.price.usdPerQuery)} at ${setup.price.source}` : ''

/** What a scan costs against today's query budget and in money, in words; and whether it fits. */
function costText(setup: GridSetup, cost: number): { text: string; fits: boolean } {
  const costs = `This scan costs ${queries(cost)}${moneyText(setup, cost)}`
  if (!setup.budget)
    return {
      text: `${costs}; simulated scans use none of your budget and cost nothing.`,
      fits: true,
    }
  const { remaining, limit } = setup.budget
  if (cost > remaining) {
    return {
      text: `${costs}, and ${remaining} of today's ${limit} are left. Choose a smaller grid or scan tomorrow.`,
      fits: false,
    }
  }
  return { text: `${costs}; ${remaining} of today's ${limit} are left.`, fits: true }
}

/** The scan's settings: keyword, location, grid and spacing, the cost, and Run scan. */
export function ScanForm({
  businessId,
  setup,
  busy,
  onStarted,
}: {
  businessId: string
  setup: GridSetup
  busy: boolean
  onStarted: (scanId: string) => void
}) {
  const [locationId, setLocationId] = useState(setup.locations[0]?.id ?? 'main')
  const keywords = setup.keywords.filter((k) => k.locationId === locationId)
  const [keywordId, setKeywordId] = useState('')
  const keyword = keywords.find((k) => k.id === keywordId) ?? keywords[0]
  const [gridSize, setGridSize] = useState<GridSize>(5)
  const [spacingKm, setSpacingKm] = useState<GridSpacing>(1)
  const start = useStartScan(businessId)
  const location = setup.locations.find((l) => l.id === locationId)
  const cost = costText(setup, scanCost(gridSize))
  const run = () =>
    keyword &&
    start.mutate(
      { keywordId: keyword.id, locationId, gridSize, spacingKm },
      { onSuccess: (detail) => onStarted(detail.scan.id) },
    )
  return (
    <Card role="region" aria-labelledby="new-scan-title">
      <CardHeader>
        <CardTitle id="new-scan-title">New scan</CardTitle>
        <CardDescription>
          Searches the keyword on the map from every point of a grid around your pin, as a customer
          standing there would.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ScanFields
          setup={setup}
          keywords={keywords}
          value={{ locationId, keywordId: keyword?.id ?? '', gridSize, spacingKm }}
          onLocation={setLocationId}
          onKeyword={setKeywordId}
          onGridSize={setGridSize}
          onSpacing={setSpacingKm}
        />
        <ScanPrerequisites
          hasPoint={Boolean(location?.point)}
          label={location?.label ?? ''}
          hasKeywords={keywords.length > 0}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button
            onClick={run}
            disabled={!keyword || !location?.point || !cost.fits || busy || start.isPending}
          >
            <Play aria-hidden="true" />
            {start.isPending ? 'Starting...' : 'Run scan'}
          </Button>
          <p className="text-sm text-muted-foreground" data-testid="scan-cost">
            {cost.text}
          </p>
        </div>
        {busy ? (
          <p className="text-sm text-muted-foreground">
            A scan is running; the next can start when it ends.
          </p>
        ) : null}
        <ErrorAlert>{start.error?.message}</ErrorAlert>
      </CardContent>
    </Card>
  )
}

function ScanPrerequisites({
  hasPoint,
  label,
  hasKeywords,
}: {
  hasPoint: boolean
  label: string
  hasKeywords: boolean
}) {
  if (!hasPoint) {
    return (
      <Alert variant="info" role="status">
        <MapPin aria-hidden="true" />
        <AlertDescription>
          A grid is drawn around where {label} is, and its map position is not set yet.{' '}
          <Link to={paths.settings} className="font-medium underline underline-offset-2">
            Drop a pin in Settings
          </Link>
          .
        </AlertDescription>
      </Alert>
    )
  }
  if (!hasKeywords) {
    return (
      <Alert variant="info" role="status">
        <AlertDescription>
          Track a keyword for {label} first.{' '}
          <Link to={paths.rankTracker} className="font-medium underline underline-offset-2">
            Open the Rank Tracker
          </Link>
          .
        </AlertDescription>
      </Alert>
    )
  }
  return null
}

function ScanFields({
  setup,
  keywords,
  value,
  onLocation,
  onKeyword,
  onGridSize,
  onSpacing,
}: {
  setup: GridSetup
  keywords: GridSetup['keywords']
  value: { locationId: string; keywordId: string; gridSize: GridSize; spacingKm: GridSpacing }
  onLocation: (id: string) => void
  onKeyword: (id: string) => void
  onGridSize: (size: GridSize) => void
  onSpacing: (km: GridSpacing) => void
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {setup.locations.length > 1 ? (
        <FormField label="Location">
          <Select value={value.locationId} onChange={(event) => onLocation(event.target.value)}>
            {setup.locations.map((l) => (
              <option key={l.id} value={l.id}>
                {l.label}
              </option>
            ))}
          </Select>
        </FormField>
      ) : null}
      <FormField label="Keyword">
        <Select
          value={value.keywordId}
          disabled={keywords.length === 0}
          onChange={(event) => onKeyword(event.target.value)}
        >
          {keywords.length === 0 ? <option value="">No tracked keywords</option> : null}
          {keywords.map((k) => (
            <option key={k.id} value={k.id}>
              {k.keyword}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Grid">
        <Select
          value={value.gridSize}
          onChange={(event) => onGridSize(Number(event.target.value) as GridSize)}
        >
          {GRID_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}x{size} ({size * size} points)
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Spacing">
        <Select
          value={value.spacingKm}
          onChange={(event) => onSpacing(Number(event.target.value) as GridSpacing)}
        >
          {GRID_SPACINGS_KM.map((km) => (
            <option key={km} value={km}>
              {km} km
            </option>
          ))}
        </Select>
      </FormField>
    </div>
  )
}
