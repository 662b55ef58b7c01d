import type {
  ProfileAccount,
  ProfileLocations,
  ProfileSuggestion,
} from '@localseo/shared/business-profile'
import { useState } from 'react'
import { ErrorAlert } from '@/components/error-alert'
import { SampleBadge } from '@/components/figure-source'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Label } from '@/components/ui/label'
import { Select } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { useAuth } from '@/lib/auth'
import {
  useConnectBusinessProfile,
  useLinkProfileLocation,
  useProfileLocations,
} from '../api/profile-locations'

const MATCHED: Record<string, string> = { name: 'name', address: 'address', phone: 'phone' }

/** 'name, address and phone' */
function matchedWords(matched: string[]): string {
  const words = matched.map((m) => MATCHED[m] ?? m)
  if (words.length <= 1) return words.join('')
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`
}

function ConnectProfile({ message, again }: { message: string; again: boolean }) {
  const connect = useConnectBusinessProfile()
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted-foreground">{message}</p>
      <ErrorAlert>{connect.error?.message}</ErrorAlert>
      <Button disabled={connect.isPending} onClick={() => connect.mutate()}>
        {connect.isPending
          ? 'Opening Google...'
          : again
            ? 'Reconnect Business Profile'
            : 'Connect Business Profile'}
      </Button>
    </div>
  )
}

/** One of our places: the profile location to link it to, the suggestion preselected. */
function LinkRow({
  suggestion,
  accounts,
  userId,
}: {
  suggestion: ProfileSuggestion
  accounts: ProfileAccount[]
  userId: string
}) {
  const link = useLinkProfileLocation(userId)
  const saved = suggestion.linked
  const [picked, setPicked] = useState<string | null>(null)
  const value = picked ?? saved ?? suggestion.suggested?.googleLocation ?? ''
  const id = `profile-for-${suggestion.location}`
  const all = accounts.flatMap((a) => a.locations)
  const linkedTitle = all.find((l) => l.name === saved)?.title
  const chosen = all.find((l) => l.name === value)
  return (
    <form
      className="space-y-2 rounded-lg border p-3"
      onSubmit={(event) => {
        event.preventDefault()
        if (value) link.mutate({ location: suggestion.location, googleLocation: value })
      }}
    >
      <Label htmlFor={id}>Business Profile location for {suggestion.label}</Label>
      <Select id={id} value={value} onChange={(event) => setPicked(event.target.value)}>
        <option value="">Choose a profile location</option>
        {accounts.map((account) => (
          <optgroup key={account.name} label={account.title}>
            {account.locations.map((location) => (
              <option key={location.name} value={location.name}>
                {location.title}
              </option>
            ))}
          </optgroup>
        ))}
      </Select>
      {chosen ? (
        <p className="text-sm text-muted-foreground">
          On the profile: {chosen.address || 'no shop address (a service-area profile)'}
          {chosen.phone ? `, ${chosen.phone}` : ''}
        </p>
      ) : null}
      {saved ? (
        <p role="status" className="text-sm">
          Linked to {linkedTitle ?? saved}.
        </p>
      ) : suggestion.suggested ? (
        <p className="text-sm text-muted-foreground">
          Suggested: same {matchedWords(suggestion.suggested.matched) || 'details in part'}. Check
          it and confirm.
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          No profile location matches this one: choose it yourself, or leave it unlinked.
        </p>
      )}
      <ErrorAlert>{link.error?.message}</ErrorAlert>
      <Button
        type="submit"
        variant="outline"
        size="sm"
        disabled={link.isPending || !value || value === saved}
      >
        {link.isPending ? 'Saving...' : value === saved ? 'Confirmed' : 'Confirm'}
      </Button>
    </form>
  )
}

function Ready({
  answer,
  userId,
}: {
  answer: Extract<ProfileLocations, { status: 'ready' }>
  userId: string
}) {
  if (answer.accounts.every((a) => a.locations.length === 0)) {
    return (
      <p className="text-sm text-muted-foreground">
        {answer.sample
          ? 'The sample profiles were removed with the other sample data. Connect Google on this server to list your real Business Profile.'
          : 'Your Google account has no Business Profile locations.'}
      </p>
    )
  }
  return (
    <div className="space-y-3">
      {answer.sample ? (
        <Alert variant="info" role="status">
          <AlertDescription>
            Sample profiles, named after your locations: this server has no Google sign-in yet, so
            nothing is read from Google.
          </AlertDescription>
        </Alert>
      ) : null}
      {answer.suggestions.map((suggestion) => (
        <LinkRow
          key={suggestion.location}
          suggestion={suggestion}
          accounts={answer.accounts}
          userId={userId}
        />
      ))}
    </div>
  )
}

function Body({ userId }: { userId: string }) {
  const query = useProfileLocations(userId)
  if (query.isPending) return <Spinner label="Loading your Business Profile…" />
  if (query.isError) return <ErrorAlert>{query.error.message}</ErrorAlert>
  const answer = query.data
  switch (answer.status) {
    case 'ready':
      return <Ready answer={answer} userId={userId} />
    case 'refused':
      return (
        <div className="space-y-2">
          <ErrorAlert>
            {answer.refusal.google
              ? `Google refused: ${answer.refusal.google}`
              : 'Google could not be asked.'}
          </ErrorAlert>
          <p className="text-sm">{answer.refusal.action}</p>
        </div>
      )
    default:
      return <ConnectProfile message={answer.message} again={answer.status === 'revoked'} />
  }
}

/**
 * Settings → Google Business Profile (issue 33 item 1): the owner's profile locations and, for each
 * of their locations, the suggested one to confirm. Loaded with Settings only (ADR 019 budgets).
 */
export function BusinessProfileCard() {
  const { user } = useAuth()
  const userId = user?.id ?? ''
  const query = useProfileLocations(userId)
  const sample = query.data?.status === 'ready' && query.data.sample
  return (
    <Card role="region" aria-labelledby="business-profile-title">
      <CardHeader className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle id="business-profile-title" className="text-base">
            Google Business Profile
          </CardTitle>
          {sample ? <SampleBadge /> : null}
        </div>
        <CardDescription>
          Link each of your locations to its Business Profile on Google: reviews, replies, posts and
          calls come from there.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Body userId={userId} />
      </CardContent>
    </Card>
  )
}
