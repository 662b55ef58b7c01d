import {
  GOOGLE_SERVICE_NAMES,
  type GoogleAccount,
  type GoogleService,
} from '@localseo/shared/integrations'
import { TriangleAlert } from 'lucide-react'
import { useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Button } from '@/components/ui/button'
import { ErrorAlert } from '@/components/error-alert'
import { formatDate } from '@/lib/dates'
import { useTimeZone } from '@/lib/time-zone'
import { useDisconnectGoogleAccount, useStartGoogleConnect } from '../api/google-account'
import { AnalyticsProperty } from './analytics-property'
import { ConnectionStatus } from './connection-status'
import { GoogleCardFrame } from './google-card-frame'
import { SearchConsoleProperty } from './search-console-property'

type RealAccount = Exclude<GoogleAccount, { status: 'simulated' }>

/** What a disconnect removes and keeps (the server's disconnectGoogle; ADR 055 for the posts). */
const DISCONNECT_EFFECT =
  'Search Console, Analytics and your Business Profile stop updating here, and what was imported from them goes: search figures, visits, reviews and calls. Your posts are kept and come back once your locations are linked again. You can connect again at any time.'

/** 'Connected to Google as owner@gmail.com', or without the address when Google did not tell it. */
export function connectedAs(email: string | null): string {
  return email ? `Connected to Google as ${email}` : 'Connected to Google'
}

function AccountState({ account, service }: { account: RealAccount; service: GoogleService }) {
  const timeZone = useTimeZone()
  if (account.status === 'revoked') {
    return (
      <div className="space-y-1">
        <p className="flex items-center gap-2 text-sm font-medium text-destructive">
          <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
          Reconnect: access was revoked on {formatDate(account.revokedAt, timeZone)}
        </p>
        <p className="text-xs text-muted-foreground">{account.reason}</p>
      </div>
    )
  }
  if (account.status === 'not_connected') return <ConnectionStatus connected={false} />
  const granted = account.services.includes(service)
  return (
    <div className="space-y-1">
      <ConnectionStatus connected={granted} />
      <p className="text-xs break-words text-muted-foreground">
        {granted
          ? connectedAs(account.email)
          : `Google did not grant access to ${GOOGLE_SERVICE_NAMES[service]}: connect again and leave its box ticked.`}
      </p>
    </div>
  )
}

/**
 * The real connection (GOOGLE_CLIENT_ID on the server): one Google account for both cards, read-only.
 * 'Connect with Google' leaves for Google's consent screen; Google sends the owner back to Settings.
 */
export function GoogleAccountCard({
  service,
  account,
  userId,
}: {
  service: GoogleService
  account: RealAccount
  userId: string
}) {
  const connect = useStartGoogleConnect()
  const disconnect = useDisconnectGoogleAccount(userId)
  const [confirming, setConfirming] = useState(false)
  const granted = account.status === 'connected' && account.services.includes(service)
  const connectLabel = account.status === 'revoked' ? 'Reconnect' : 'Connect with Google'
  // After a success the browser is leaving for Google: the button stays 'Connecting...'.
  const connecting = connect.isPending || connect.isSuccess
  return (
    <GoogleCardFrame service={service}>
      <AccountState account={account} service={service} />
      {granted && service === 'search-console' ? <SearchConsoleProperty userId={userId} /> : null}
      {granted && service === 'analytics' ? <AnalyticsProperty userId={userId} /> : null}
      <ErrorAlert>{connect.error?.message}</ErrorAlert>
      <div className="mt-auto flex flex-wrap gap-2">
        {granted ? null : (
          <Button disabled={connecting} onClick={() => connect.mutate()}>
            {connecting ? 'Connecting...' : connectLabel}
          </Button>
        )}
        {account.status === 'not_connected' ? null : (
          <Button
            variant="outline"
            disabled={disconnect.isPending}
            onClick={() => {
              disconnect.reset()
              setConfirming(true)
            }}
          >
            {disconnect.isPending ? 'Disconnecting...' : 'Disconnect'}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        busy={disconnect.isPending}
        title="Disconnect Google?"
        description={DISCONNECT_EFFECT}
        error={disconnect.error?.message}
        confirmLabel="Disconnect"
        busyLabel="Disconnecting..."
        onConfirm={() => disconnect.mutate(undefined, { onSuccess: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </GoogleCardFrame>
  )
}
