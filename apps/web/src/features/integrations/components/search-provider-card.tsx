import {
  RANK_PROVIDERS,
  RANK_PROVIDER_LABELS,
  type ConnectionTest,
  type RankProviderId,
  type RankProviderSettings,
} from '@localseo/shared/rank-provider'
import { CircleCheck, CircleDashed, Search, TriangleAlert } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { FormMessage } from '@/components/form-message'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { useAuth } from '@/lib/auth'
import { ApiError } from '@/lib/api-error'
import { formatDateTime } from '@/lib/dates'
import { useTimeZone } from '@/lib/time-zone'
import {
  useRankProviderSettings,
  useSaveRankProvider,
  useTestRankProvider,
} from '../api/rank-provider'

/** 'Connected', 'Failing: <reason>, <time>', or why there is nothing to say yet. */
function ProviderStatus({ settings }: { settings: RankProviderSettings }) {
  const timeZone = useTimeZone()
  if (settings.provider === 'simulated') {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <CircleDashed aria-hidden="true" className="size-4 shrink-0" />
        Simulated positions (sample data)
      </p>
    )
  }
  const at = settings.statusAt ? formatDateTime(settings.statusAt, timeZone) : null
  if (settings.status === 'connected') {
    return (
      <p className="flex items-center gap-2 text-sm font-medium text-success">
        <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
        Connected{at ? ` (checked ${at})` : ''}
      </p>
    )
  }
  if (settings.status === 'failing') {
    return (
      <p className="flex items-start gap-2 text-sm font-medium text-destructive">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        Failing: {settings.statusReason ?? 'the last request failed'}
        {at ? `, ${at}` : ''}
      </p>
    )
  }
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <CircleDashed aria-hidden="true" className="size-4 shrink-0" />
      Not tested yet
    </p>
  )
}

function keyHint(settings: RankProviderSettings, provider: RankProviderId): string {
  if (settings.provider === provider && settings.source === 'business' && settings.keyLast4) {
    return `Saved key ending in ${settings.keyLast4}. Paste a new one to replace it.`
  }
  if (settings.source === 'instance' && settings.provider === provider) {
    return 'This server has a default key for it; paste your own to use it instead.'
  }
  return 'Stored encrypted; only its last 4 characters are shown again.'
}

function testMessage(test: ConnectionTest): { tone: 'success' | 'error'; text: string } {
  const cost = `The test cost ${test.cost} ${test.cost === 1 ? 'query' : 'queries'}.`
  if (test.status === 'connected') return { tone: 'success', text: `Connected. ${cost}` }
  if (test.status === 'deferred') return { tone: 'error', text: test.reason ?? 'Budget reached.' }
  return { tone: 'error', text: `Failing: ${test.reason ?? 'no answer'}. ${cost}` }
}

/**
 * Settings → API Settings → 'Search results provider' (issue 17 item 2): Simulated, SerpApi or
 * Serper; the key is pasted once and shown afterwards as its last 4 characters only.
 */
export function SearchProviderCard() {
  const { user } = useAuth()
  const userId = user?.id ?? ''
  const query = useRankProviderSettings(userId)
  return (
    <Card role="region" aria-labelledby="search-provider-title" className="flex flex-col">
      <CardHeader className="flex-row items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <Search aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 space-y-1">
          <CardTitle id="search-provider-title" className="text-base">
            Search results provider
          </CardTitle>
          <CardDescription>Where rank positions and map-pack positions come from.</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {query.data ? (
          <ProviderForm key={query.data.provider} settings={query.data} userId={userId} />
        ) : query.isError ? (
          <FormMessage tone="error">Could not load the provider settings.</FormMessage>
        ) : null}
      </CardContent>
    </Card>
  )
}

function ProviderForm({ settings, userId }: { settings: RankProviderSettings; userId: string }) {
  const [provider, setProvider] = useState<RankProviderId>(settings.provider)
  const [key, setKey] = useState('')
  const save = useSaveRankProvider(userId)
  const test = useTestRankProvider(userId)
  const real = provider !== 'simulated'
  const keyError =
    save.error instanceof ApiError
      ? save.error.issues.find((i) => i.path === 'key')?.message
      : undefined
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(
      { provider, ...(real && key.trim() ? { key: key.trim() } : {}) },
      { onSuccess: () => setKey('') },
    )
  }
  const message = test.data ? testMessage(test.data) : null
  return (
    <>
      <ProviderStatus settings={settings} />
      <form className="flex flex-col gap-3" onSubmit={onSubmit} noValidate>
        <FormField label="Provider">
          <Select value={provider} onChange={(e) => setProvider(e.target.value as RankProviderId)}>
            {RANK_PROVIDERS.map((id) => (
              <option key={id} value={id}>
                {RANK_PROVIDER_LABELS[id]}
              </option>
            ))}
          </Select>
        </FormField>
        {real ? (
          <FormField label="API key" error={keyError} hint={keyHint(settings, provider)}>
            <Input
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={key}
              onChange={(e) => setKey(e.target.value)}
            />
          </FormField>
        ) : null}
        {settings.keysUnavailable && real ? (
          <p className="text-xs text-destructive">{settings.keysUnavailable}</p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={test.isPending || settings.provider === 'simulated'}
            onClick={() => test.mutate()}
          >
            {test.isPending ? 'Testing...' : 'Test connection'}
          </Button>
        </div>
      </form>
      {save.error && !keyError ? (
        <FormMessage tone="error">{save.error.message}</FormMessage>
      ) : null}
      {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
      <p className="text-xs text-muted-foreground">
        Today: {settings.budget.used} of {settings.budget.limit} queries used. A check costs one
        query per page of 10 results (up to 10 for the first 100) and one per map search.
      </p>
    </>
  )
}
