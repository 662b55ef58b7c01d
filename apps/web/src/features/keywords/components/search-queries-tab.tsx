// The 'Search queries' tab (issue 18 item 2): the owner's real Google searches, imported by the
// server from Search Console. Loaded as its own chunk, and asks the server only once opened.
import type { SearchConsolePerformanceAnswer } from '@localseo/shared/search-console'
import { Search } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ErrorAlert } from '@/components/error-alert'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { useGoogleConnections } from '@/lib/integrations'
import { useSearchConsolePerformance } from '../api/get-search-console-performance'
import { SearchQueriesResults } from './search-queries-results'
import { SimulatedQueries } from './simulated-queries'

const TITLE_ID = 'search-queries-title'

function SettingsPrompt({ message, link }: { message: string; link: string }) {
  return (
    <div className="grid grid-cols-1 justify-items-start gap-2">
      <p role="status" className="text-sm">
        {message}
      </p>
      <Link to={paths.settings} className="text-sm text-primary underline-offset-4 hover:underline">
        {link}
      </Link>
    </div>
  )
}

const CONNECT_LINK = 'Connect Google Search Console in Settings'
const PICK_PROPERTY_LINK = 'Pick your Search Console property in Settings'
const FIRST_IMPORT_MESSAGE = 'The first import from Search Console is running…'

/** What the tab shows for each state of the connection and its import. */
function Body({
  answer,
  businessId,
  locationId,
  simulatedOn,
}: {
  answer: SearchConsolePerformanceAnswer | null
  businessId: string
  locationId: string
  /** Google is simulated and the owner turned the simulated Search Console on in Settings. */
  simulatedOn: boolean
}): ReactNode {
  // The tab agrees with Settings (issue 32 item 3): a simulated Search Console that is on shows its
  // simulated searches, labelled; one that is off is turned on in Settings.
  if (answer?.simulated && simulatedOn) {
    return <SimulatedQueries businessId={businessId} locationId={locationId} />
  }
  if (answer === null || answer.simulated) {
    const message = answer?.simulated
      ? 'Google is simulated on this app for now. Connect the simulated Search Console in Settings to see sample searches worked out from your keyword estimates, labelled Simulated.'
      : 'See what people type into Google when your website shows up, and how often they click: connect Google Search Console.'
    return <SettingsPrompt message={message} link={CONNECT_LINK} />
  }
  if (answer.siteUrl === null) {
    return (
      <SettingsPrompt
        message="Google is connected. Choose which of your websites in Search Console to show here."
        link={PICK_PROPERTY_LINK}
      />
    )
  }
  if (answer.import === null) return <Spinner label={FIRST_IMPORT_MESSAGE} />
  return <SearchQueriesResults businessId={businessId} performance={answer} />
}

/**
 * Off the main location, what the figures shown cover (issue 32 item 3): Search Console measures the
 * whole website, while the simulated searches are worked out for the chosen location.
 */
function scopeNote(
  answer: SearchConsolePerformanceAnswer | null | undefined,
  simulatedOn: boolean,
) {
  if (!answer) return null
  if (!answer.simulated) {
    return answer.siteUrl === null
      ? null
      : ' These figures are for your whole website, not one location.'
  }
  return simulatedOn
    ? " These simulated figures are for this location only, worked out from its own city's keyword estimates."
    : null
}

export function SearchQueriesTab({
  businessId,
  locationId,
  isMain,
}: {
  businessId: string
  locationId: string
  isMain: boolean
}) {
  const performance = useSearchConsolePerformance(businessId)
  const connections = useGoogleConnections()
  return (
    <Card role="region" aria-labelledby={TITLE_ID}>
      <CardHeader>
        <CardTitle id={TITLE_ID} className="flex items-center gap-2">
          <Search aria-hidden="true" className="size-5 text-primary" />
          Searches that show your website on Google
        </CardTitle>
        <CardDescription>
          What people typed into Google when your website appeared in the results, and how often
          they clicked through.
          {isMain ? null : scopeNote(performance.data, connections.searchConsole)}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {performance.isPending ? (
          <Spinner label="Loading your Search Console data…" />
        ) : performance.isError ? (
          <ErrorAlert>Could not load your Search Console data. Please try again later.</ErrorAlert>
        ) : (
          <Body
            answer={performance.data}
            businessId={businessId}
            locationId={locationId}
            simulatedOn={connections.searchConsole}
          />
        )}
      </CardContent>
    </Card>
  )
}
