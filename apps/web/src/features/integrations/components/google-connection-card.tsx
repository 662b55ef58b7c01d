import { GOOGLE_SERVICE_NAMES, type GoogleService } from '@localseo/shared/integrations'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { useConnectGoogle } from '../api/connect-google'
import { useDisconnectGoogle } from '../api/disconnect-google'
import { ConnectionStatus } from './connection-status'
import { GoogleCardFrame } from './google-card-frame'
import { FormMessage } from '@/components/form-message'

/** docs/product.md §8: the server's message, else the fixed failure text; an exception has its own text. */
function connectFailedMessage(service: GoogleService): string {
  return `Failed to connect to ${GOOGLE_SERVICE_NAMES[service]}`
}
function connectErrorMessage(service: GoogleService): string {
  return `An error occurred while connecting to ${GOOGLE_SERVICE_NAMES[service]}`
}

type Result = { tone: 'success' | 'error'; text: string }

/** The simulated connection (no GOOGLE_CLIENT_ID on the server). docs/product.md §4: disconnected -> connecting -> connected, or back to disconnected with a message. */
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
    <GoogleCardFrame service={service} simulated>
      <ConnectionStatus connected={connected && !connect.isPending} simulated />
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
    </GoogleCardFrame>
  )
}
