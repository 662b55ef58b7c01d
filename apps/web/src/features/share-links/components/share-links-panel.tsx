// Making and turning off share links (issue 35 item 5, docs/decisions/050-share-links.md): pick how
// long the link works and an optional label, 'Create link', then the URL once with 'Copy'; below,
// the active links of this kind with their expiry, opens and 'Turn off'. Viewers see the list only.
import type { Business } from '@localseo/shared/business'
import { monthLabel } from '@localseo/shared/figure-source'
import {
  DEFAULT_SHARE_LINK_DAYS,
  SHARE_LINK_DAYS,
  SHARE_LINK_LABEL_MAX,
  type ShareLink,
} from '@localseo/shared/share-links'
import { Check, Copy, Link2 } from 'lucide-react'
import { useId, useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { ErrorAlert } from '@/components/error-alert'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { ToggleButtons } from '@/components/ui/toggle-buttons'
import { formatDate } from '@/lib/dates'
import { useCreateShareLink, useRevokeShareLink, useShareLinks } from '../api/share-links'

/** What a new link shows: a month's report of a place, or a place's dashboard. */
export type ShareTarget =
  { kind: 'report'; month: string; location: string } | { kind: 'dashboard'; location: string }

const DAY_OPTIONS = SHARE_LINK_DAYS.map((days) => ({
  value: days,
  label: days === 1 ? '1 day' : `${days} days`,
}))

const failureOf = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.'

/** What a link shows, in words: 'March 2026 · Round Rock' or 'Bright Smile (Main)'. */
const shows = (link: ShareLink) =>
  link.month ? `${monthLabel(link.month)} · ${link.place}` : link.place

export function ShareLinksPanel({
  business,
  target,
  canShare,
}: {
  business: Business
  target: ShareTarget
  /** Owners and managers; a viewer sees the list without its buttons. */
  canShare: boolean
}) {
  const links = useShareLinks(business.id)
  const headingId = useId()
  const active = (links.data ?? []).filter(
    (link) => link.kind === target.kind && link.status === 'active',
  )
  return (
    <div className="flex flex-col gap-5">
      {canShare ? (
        <CreateLink business={business} target={target} />
      ) : (
        <p role="note" className="text-sm text-muted-foreground">
          Owners and managers make and turn off share links.
        </p>
      )}
      <section aria-labelledby={headingId} className="flex flex-col gap-2">
        <h3 id={headingId} className="text-sm font-semibold">
          Active links
        </h3>
        {links.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Loading your links…
          </p>
        ) : links.isError ? (
          <ErrorAlert>Could not load your share links. Please try again.</ErrorAlert>
        ) : active.length === 0 ? (
          <p className="text-sm text-muted-foreground">No active links yet.</p>
        ) : (
          <ul className="flex flex-col divide-y rounded-md border">
            {active.map((link) => (
              <ActiveLink key={link.id} business={business} link={link} canShare={canShare} />
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}

function CreateLink({ business, target }: { business: Business; target: ShareTarget }) {
  const create = useCreateShareLink(business.id)
  const [days, setDays] = useState<(typeof SHARE_LINK_DAYS)[number]>(DEFAULT_SHARE_LINK_DAYS)
  const [label, setLabel] = useState('')
  const [copied, setCopied] = useState(false)
  const made = create.data

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url)
      setCopied(true)
    } catch {
      // No clipboard (an insecure page, a refused permission): the URL stays selected to copy by hand.
      setCopied(false)
    }
  }

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        setCopied(false)
        create.mutate({ ...target, expiresInDays: days, label })
      }}
    >
      <div className="flex flex-col gap-2">
        <span aria-hidden="true" className="text-sm font-medium">
          Link works for
        </span>
        <ToggleButtons
          label="Link works for"
          options={DAY_OPTIONS}
          value={days}
          onChange={setDays}
          className="self-start"
        />
      </div>
      <FormField
        label="Label (optional)"
        hint="Only your team sees it, for example 'For our marketer'."
      >
        <Input
          value={label}
          maxLength={SHARE_LINK_LABEL_MAX}
          onChange={(event) => setLabel(event.target.value)}
        />
      </FormField>
      <Button type="submit" className="self-start" disabled={create.isPending}>
        {create.isPending ? <Spinner /> : <Link2 aria-hidden="true" className="size-4" />}
        {create.isPending ? 'Creating the link…' : 'Create link'}
      </Button>
      {create.isError ? <ErrorAlert>{failureOf(create.error)}</ErrorAlert> : null}
      {made ? (
        <div className="flex flex-col gap-2 rounded-md border border-success/30 bg-success/10 p-3">
          <FormField
            label="Your link"
            hint={`Anyone with this link can see it, read-only, until ${formatDate(made.link.expiresAt, business.timeZone)}. Copy it now: it is shown only once.`}
          >
            <Input readOnly value={made.url} onFocus={(event) => event.target.select()} />
          </FormField>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => void copy(made.url)}
          >
            {copied ? (
              <Check aria-hidden="true" className="size-4" />
            ) : (
              <Copy aria-hidden="true" className="size-4" />
            )}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
      ) : null}
    </form>
  )
}

function ActiveLink({
  business,
  link,
  canShare,
}: {
  business: Business
  link: ShareLink
  canShare: boolean
}) {
  const revoke = useRevokeShareLink(business.id)
  const [confirming, setConfirming] = useState(false)
  const opens = link.openCount === 1 ? 'Opened once' : `Opened ${link.openCount} times`
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 text-sm">
        <p className="font-medium break-words">{link.label || shows(link)}</p>
        <p className="text-muted-foreground">
          {link.label ? `${shows(link)} · ` : ''}Until{' '}
          {formatDate(link.expiresAt, business.timeZone)} · {opens} · link ending …{link.tokenEnd}
        </p>
      </div>
      {canShare ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start sm:self-center"
          aria-label={`Turn off ${link.label || shows(link)}`}
          onClick={() => setConfirming(true)}
        >
          Turn off
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        busy={revoke.isPending}
        title="Turn off this link?"
        description="Anyone who opens it will be told it was turned off. You can make a new one at any time."
        error={revoke.isError ? failureOf(revoke.error) : null}
        confirmLabel="Turn off"
        busyLabel="Turning off…"
        onConfirm={() => revoke.mutate(link.id, { onSuccess: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </li>
  )
}
