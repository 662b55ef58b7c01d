import type { AiStatus } from '@localseo/shared/ai'
import {
  GOOGLE_CONNECT_OUTCOMES,
  type GoogleAccount,
  type GoogleConnectOutcome,
} from '@localseo/shared/integrations'
import { Sparkles } from 'lucide-react'
import { useEffect, useState } from 'react'
import { FormMessage } from '@/components/form-message'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { useAuth } from '@/lib/auth'
import { useGoogleConnections } from '@/lib/integrations'
import { useAiStatus } from '../api/get-ai-status'
import { ConnectionStatus } from './connection-status'
import { useGoogleAccount } from '../api/google-account'
import { connectedAs, GoogleAccountCard } from './google-account-card'
import { GoogleConnectionCard } from './google-connection-card'
import { SearchProviderCard } from './search-provider-card'

function engineLine(status: AiStatus): string {
  return status.engine === 'model'
    ? `Engine: ${status.model ?? 'the configured AI model'}`
    : 'Engine: built-in LocalSEO AI engine (no AI model key configured)'
}

/** docs/product.md §1: the AI service is presented as already configured. */
function AiServiceCard() {
  const { user } = useAuth()
  const status = useAiStatus(user?.id ?? '')
  return (
    <Card role="region" aria-labelledby="ai-service-title" className="flex flex-col">
      <CardHeader className="flex-row items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <Sparkles aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 space-y-1">
          <CardTitle id="ai-service-title" className="text-base">
            AI Service
          </CardTitle>
          <CardDescription>Recommendations, keyword analysis and content ideas.</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <ConnectionStatus connected />
        {status ? <p className="text-xs text-muted-foreground">{engineLine(status)}</p> : null}
      </CardContent>
    </Card>
  )
}

const OUTCOME_TEXT: Record<Exclude<GoogleConnectOutcome, 'connected'>, string> = {
  denied: "Google was not connected: access was not allowed on Google's consent screen.",
  invalid_state:
    'This Google sign-in could not be checked (it expired, was already used or began in another browser). Please connect again.',
  failed: 'Google did not complete the connection. Please try again.',
}

/** Google's callback sends the owner back to /settings?google=<outcome>: read once, then dropped. */
function useConnectOutcome(): GoogleConnectOutcome | null {
  const [outcome] = useState(() => {
    const value = new URLSearchParams(window.location.search).get('google')
    return GOOGLE_CONNECT_OUTCOMES.find((known) => known === value) ?? null
  })
  useEffect(() => {
    if (!outcome) return
    const url = new URL(window.location.href)
    url.searchParams.delete('google')
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash)
  }, [outcome])
  return outcome
}

function OutcomeMessage({
  outcome,
  account,
}: {
  outcome: GoogleConnectOutcome | null
  account: GoogleAccount | undefined
}) {
  if (!outcome) return null
  if (outcome !== 'connected')
    return <FormMessage tone="error">{OUTCOME_TEXT[outcome]}</FormMessage>
  if (account?.status !== 'connected') return null
  return <FormMessage tone="success">{connectedAs(account.email)}</FormMessage>
}

function SimulatedCards() {
  const connections = useGoogleConnections()
  return (
    <>
      <GoogleConnectionCard service="search-console" connected={connections.searchConsole} />
      <GoogleConnectionCard service="analytics" connected={connections.analytics} />
    </>
  )
}

/**
 * docs/product.md §2 API Settings: the AI service card and the Search Console and Analytics cards,
 * connected to the owner's Google account when the server has a Google client (issue 18), else
 * simulated and labelled so.
 */
export function ApiSettings({ businessSaved }: { businessSaved: boolean }) {
  const { user } = useAuth()
  const userId = user?.id ?? ''
  const query = useGoogleAccount(userId)
  const account = query.data
  const outcome = useConnectOutcome()
  const real = account && account.status !== 'simulated' ? account : undefined
  // Until the server says which, neither kind of card is offered (no wrong button to press).
  const googleCards = real ? (
    <>
      <GoogleAccountCard service="search-console" account={real} userId={userId} />
      <GoogleAccountCard service="analytics" account={real} userId={userId} />
    </>
  ) : query.isPending && userId ? null : (
    <SimulatedCards />
  )
  return (
    <section aria-labelledby="api-settings-title" className="grid grid-cols-1 gap-4">
      <div>
        <h2 id="api-settings-title" className="text-lg font-semibold">
          API Settings
        </h2>
        <p className="text-sm text-muted-foreground">
          {real
            ? 'Search Console and Analytics connect to your Google account with read-only access. The dashboard still shows simulated figures until imports from Google arrive.'
            : 'Google connections are simulated for now: connected services show sample data.'}
        </p>
      </div>
      <OutcomeMessage outcome={outcome} account={account} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <AiServiceCard />
        {googleCards}
        {/* Provider keys belong to a business: the card comes once the business is saved. */}
        {businessSaved ? <SearchProviderCard /> : null}
      </div>
    </section>
  )
}
