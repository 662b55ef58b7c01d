// Pieces the dashboard's cards of imported Google data share (issue 18): Website Analytics from
// GA4 and Search Performance from Search Console.
import { TriangleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { paths } from '@/config/paths'
import { formatDate } from '@/lib/dates'
import { useTimeZone } from '@/lib/time-zone'

export function SettingsLink({ children }: { children: ReactNode }) {
  return (
    <Link to={paths.settings} className="text-sm text-primary underline-offset-4 hover:underline">
      {children}
    </Link>
  )
}

/** '+12% vs the 28 days before'; null when there is nothing to compare with. */
export function percentChange(now: number, before: number | undefined): string | null {
  if (before === undefined || before === 0) return null
  const change = Math.round(((now - before) / before) * 100)
  return `${change === 0 ? 'same as' : `${change > 0 ? '+' : '−'}${Math.abs(change)}% vs`} the 28 days before`
}

export function Stat({
  label,
  value,
  change,
}: {
  label: string
  value: string
  change?: string | null
}) {
  return (
    <div className="rounded-lg bg-muted/60 px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
      {change ? <dd className="text-xs text-muted-foreground tabular-nums">{change}</dd> : null}
    </div>
  )
}

/** Google refused the saved access: the card asks the owner to connect again. */
export function RevokedNotice({ revokedAt, reason }: { revokedAt: string; reason: string }) {
  const timeZone = useTimeZone()
  return (
    <div className="grid grid-cols-1 gap-2">
      <p className="flex items-center gap-2 text-sm font-medium text-destructive">
        <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
        Reconnect: Google access was revoked on {formatDate(revokedAt, timeZone)}
      </p>
      <p className="text-xs text-muted-foreground">{reason}</p>
      <SettingsLink>Reconnect Google in Settings</SettingsLink>
    </div>
  )
}

/** The last import's failure; the figures shown, if any, are the import's before. */
export function FailedImport({ reason, kept }: { reason: string | null; kept: boolean }) {
  return (
    <p className="flex items-start gap-2 text-sm text-destructive">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        The last import failed: {reason}
        {kept ? ' The figures below are from the import before.' : ''}
      </span>
    </p>
  )
}

/** Google data is for the website, whichever location the dashboard shows. */
export function WholeWebsiteNote({ isMain }: { isMain: boolean }) {
  return isMain ? null : (
    <p className="text-xs text-muted-foreground">
      These figures are for your whole website, not one location.
    </p>
  )
}
