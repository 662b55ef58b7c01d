import type { Business } from '@localseo/shared/business'
import { monthLabel } from '@localseo/shared/figure-source'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import { Download } from 'lucide-react'
import { useId, useState, type ComponentType } from 'react'
import { ErrorAlert } from '@/components/error-alert'
import { LocationPicker, useSelectedLocation } from '@/components/location-picker'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Label } from '@/components/ui/label'
import { Select } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { downloadReport } from '../api/download-report'
import { useReportMonths } from '../api/report-months'

/** What a card beside this one is given: the place and the month chosen here ('' when none). */
export interface ReportCard {
  business: Business
  location: ResolvedLocation
  month: string
}

/** Pick the place and a month with data, then 'Download PDF'; `ShareCard` follows with the same choice. */
export function DownloadCard({
  business,
  ShareCard,
}: {
  business: Business
  ShareCard?: ComponentType<ReportCard>
}) {
  const [location, setLocation] = useSelectedLocation(business)
  const months = useReportMonths(business.id, location.id)
  const [picked, setPicked] = useState('')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState('')
  const monthId = useId()
  const choices = months.data ?? []
  const month = choices.includes(picked) ? picked : (choices[0] ?? '')

  async function download() {
    setBusy(true)
    setFailure('')
    try {
      await downloadReport(month, location.id)
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Could not build the report.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Download a monthly report</CardTitle>
          <CardDescription>
            Your score, rankings, geo-grid, reviews, backlinks and tasks done for one month, each
            figure with where it came from.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
            {business.locations.length > 0 ? (
              <LocationPicker business={business} value={location.id} onChange={setLocation} />
            ) : null}
            <div className="flex w-full flex-col gap-2 sm:w-56">
              <Label htmlFor={monthId}>Month</Label>
              <Select
                id={monthId}
                value={month}
                disabled={choices.length === 0}
                onChange={(e) => setPicked(e.target.value)}
              >
                {choices.map((m) => (
                  <option key={m} value={m}>
                    {monthLabel(m)}
                  </option>
                ))}
              </Select>
            </div>
            <Button type="button" onClick={() => void download()} disabled={!month || busy}>
              {busy ? <Spinner /> : <Download aria-hidden="true" className="size-4" />}
              {busy ? 'Building the PDF…' : 'Download PDF'}
            </Button>
          </div>
          {months.isPending ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner /> Finding the months with data…
            </p>
          ) : months.isError ? (
            <ErrorAlert>Could not load the months with data. Please try again.</ErrorAlert>
          ) : choices.length === 0 ? (
            <p role="status" className="text-sm text-muted-foreground">
              There is nothing to report for {location.label} yet. Reports appear once keywords have
              been checked or tasks done.
            </p>
          ) : null}
          <ErrorAlert>{failure}</ErrorAlert>
        </CardContent>
      </Card>
      {ShareCard ? <ShareCard business={business} location={location} month={month} /> : null}
    </>
  )
}
