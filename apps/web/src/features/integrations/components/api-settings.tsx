import { Sparkles } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { useAuth } from '@/lib/auth'
import { useGoogleConnections } from '@/lib/integrations'
import { useAiStatus, type AiStatus } from '../api/get-ai-status'
import { ConnectionStatus } from './connection-status'
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

/** docs/product.md §2 API Settings: the AI service card and the two simulated Google connections. */
export function ApiSettings() {
  const connections = useGoogleConnections()
  return (
    <section aria-labelledby="api-settings-title" className="grid grid-cols-1 gap-4">
      <div>
        <h2 id="api-settings-title" className="text-lg font-semibold">
          API Settings
        </h2>
        <p className="text-sm text-muted-foreground">
          Google connections are simulated for now: connected services show sample data.
        </p>
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <AiServiceCard />
        <GoogleConnectionCard service="search-console" connected={connections.searchConsole} />
        <GoogleConnectionCard service="analytics" connected={connections.analytics} />
        <SearchProviderCard />
      </div>
    </section>
  )
}
