import { GOOGLE_SERVICE_NAMES, type GoogleService } from '@localseo/shared/integrations'
import { BarChart3, Search } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { useConnectGoogle } from '../api/connect-google'
import { useDisconnectGoogle } from '../api/disconnect-google'
import { ConnectionStatus } from './connection-status'
import { FormMessage } from '@/components/form-message'

const descriptions: Record<GoogleService, string> = {
  'search-console': 'Search queries, clicks and rankings for your website.',
  analytics: 'Visitors, traffic sources and your most visited pages.',
}

/** docs/product.md §8: the server's message, else the fixed failure text; an exception has its own text. */
function connectFailedMessage(service: GoogleService): string {
  return `Failed to connect to ${GOOGLE_SERVICE_NAMES[service]}`
}
function connectErrorMessage(service: GoogleService): string {
  return `An error occurred while connecting to ${GOOGLE_SERVICE_NAMES[service]}`
}

type Result = { tone: 'success' | 'error'; text: string }

/** docs/product.md §4: disconnected -> connecting -> connected, or back to disconnected with a message. */
export function GoogleConnectionCard({
  service,
  connected,
}: {
  service: GoogleService
  connected: boolean
}) {
  const connect = useConnectGoogle()
  const disconnect = useDisconnectGoogle()
  const [result, setResult] = useState<Result | null>(null)
  const name = GOOGLE_SERVICE_NAMES[service]
  const Icon = service === 'analytics' ? BarChart3 : Search

  function handleConnect() {
    setResult(null)
    connect.mutate(service, {
      onSuccess: ({ success, message }) =>
        setResult(
          success
            ? { tone: 'success', text: message }
            : { tone: 'error', text: message || connectFailedMessage(service) },
        ),
      onError: () => setResult({ tone: 'error', text: connectErrorMessage(service) }),
    })
  }

  function handleDisconnect() {
    setResult(null)
    disconnect.mutate(service, {
      onSuccess: () => setResult({ tone: 'success', text: `Disconnected from ${name}` }),
      onError: () =>
        setResult({ tone: 'error', text: `An error occurred while disconnecting from ${name}` }),
    })
  }

  return (
    <Card aria-labelledby={`${service}-title`} role="region" className="flex flex-col">
      <CardHeader className="flex-row items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 space-y-1">
          <CardTitle id={`${service}-title`} className="text-base">
            {name}
          </CardTitle>
          <CardDescription>{descriptions[service]}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <ConnectionStatus connected={connected && !connect.isPending} />
        {result ? <FormMessage tone={result.tone}>{result.text}</FormMessage> : null}
        <div className="mt-auto flex flex-wrap gap-2">
          {connected ? (
            <Button variant="outline" disabled={disconnect.isPending} onClick={handleDisconnect}>
              {disconnect.isPending ? 'Disconnecting...' : 'Disconnect'}
            </Button>
          ) : (
            <Button disabled={connect.isPending} onClick={handleConnect}>
              {connect.isPending ? 'Connecting...' : 'Connect with Google'}
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  )
}
