import {
  MAX_FOLLOWED_COMPETITORS,
  type Competitor,
  type CompetitorsResponse,
} from '@localseo/shared/competitors'
import { ChevronDown, ExternalLink } from 'lucide-react'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { ErrorAlert } from '@/components/error-alert'
import { SampleBadge } from '@/components/figure-source'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableRowHeader,
} from '@/components/ui/table'
import { paths } from '@/config/paths'
import { formatDate } from '@/lib/dates'
import { useTimeZone } from '@/lib/time-zone'
import { useMayChange } from '@/lib/member-role'
import { useUpdateCompetitor, type CompetitorChange } from '../api/competitors'
import {
  formatPerMonth,
  formatRank,
  formatShare,
  NO_FIGURE,
  searchesNote,
  websiteLink,
} from '../utils/figures'

/** What a row's buttons ask the server, and which row is waiting for its answer. */
interface RowActions {
  change: (change: CompetitorChange) => void
  pendingId: string | null
}

/**
 * The competitors of a location over the window: a row for the owner's own figures first, then
 * each competitor, most often above the owner first (the server's order); hidden ones apart, under
 * 'Show hidden'. Follow and Hide ask the server, whose refusal (an 11th follow) shows here.
 */
export function CompetitorsCard({
  businessId,
  businessName,
  data,
}: {
  businessId: string
  businessName: string
  data: CompetitorsResponse
}) {
  const update = useUpdateCompetitor(businessId)
  const titleId = useId()
  const shown = data.competitors.filter((competitor) => !competitor.hidden)
  const hidden = data.competitors.filter((competitor) => competitor.hidden)
  const following = data.competitors.filter((competitor) => competitor.followed).length
  const total = data.searches.gridPoints + data.searches.dailyChecks
  const actions: RowActions = {
    change: (change) => update.mutate(change),
    pendingId: update.isPending ? update.variables.id : null,
  }
  return (
    <Card>
      <CardHeader className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <CardTitle id={titleId}>Who shows up beside you</CardTitle>
          <CardDescription>
            {searchesNote(data)}.{' '}
            <Link
              to={`${paths.methods}#competitor-figures`}
              // Underlined: a link inside a sentence is not told by its colour alone (axe).
              className="text-primary underline underline-offset-4"
            >
              What is counted
            </Link>
          </CardDescription>
        </div>
        <p className="shrink-0 text-sm font-medium" data-testid="following-count">
          Following {following} of {MAX_FOLLOWED_COMPETITORS}
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ErrorAlert>{update.error?.message}</ErrorAlert>
        <Table stack aria-labelledby={titleId}>
          <CompetitorsHead />
          <TableBody>
            <YouRow name={businessName} you={data.you} />
            {shown.map((competitor) => (
              <CompetitorRow
                key={competitor.id}
                competitor={competitor}
                searches={total}
                actions={actions}
              />
            ))}
          </TableBody>
        </Table>
        {shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No other business showed up in these searches.
          </p>
        ) : null}
        <p className="text-xs text-muted-foreground">
          Shares of local voice: in the map pack, then weighted by position. A place counts as above
          you in a search where it ranked higher than you or you were not found.
        </p>
        <HiddenCompetitors hidden={hidden} actions={actions} />
      </CardContent>
    </Card>
  )
}

/** The columns; each figure's header links to how it is computed on the Methods page. */
function CompetitorsHead() {
  return (
    <TableHeader>
      <TableRow>
        <TableHead>Business</TableHead>
        <TableHead>Rating</TableHead>
        <TableHead>
          <MethodLink section="reviews-per-month">Reviews a month</MethodLink>
        </TableHead>
        <TableHead>
          <MethodLink section="average-rank">Average rank</MethodLink>
        </TableHead>
        <TableHead>
          <MethodLink section="top-3-share">Top-3 share</MethodLink>
        </TableHead>
        <TableHead>
          <MethodLink section="share-of-local-voice">Share of local voice</MethodLink>
        </TableHead>
        <TableHead>
          <MethodLink section="competitor-figures">Above you (searches)</MethodLink>
        </TableHead>
        <TableHead>
          <span className="sr-only">Actions</span>
        </TableHead>
      </TableRow>
    </TableHeader>
  )
}

/** A figure's column header, linking to how it is computed on the Methods page. */
function MethodLink({ section, children }: { section: string; children: string }) {
  return (
    <Link
      to={`${paths.methods}#${section}`}
      title="How is this computed?"
      className="underline decoration-dotted underline-offset-4 hover:text-foreground"
    >
      {children}
      <span className="sr-only"> (how it is computed)</span>
    </Link>
  )
}

/** The map-pack share, and under it the weighted one (the Methods page defines both). */
function ShareOfVoice({ share }: { share: Competitor['shareOfLocalVoice'] }) {
  return (
    <>
      {formatShare(share.mapPack)}
      <span className="block text-xs text-muted-foreground">
        weighted {formatShare(share.weighted)}
      </span>
    </>
  )
}

/** The figures the owner and each competitor both have: a cell each, in the columns' order. */
function RankFigures({ figures }: { figures: CompetitorsResponse['you'] }) {
  return (
    <>
      <TableCell label="Average rank" className="tabular-nums">
        {formatRank(figures.averageRank)}
      </TableCell>
      <TableCell label="Top-3 share" className="tabular-nums">
        {formatShare(figures.top3Share)}
      </TableCell>
      <TableCell label="Share of local voice" className="tabular-nums">
        <ShareOfVoice share={figures.shareOfLocalVoice} />
      </TableCell>
    </>
  )
}

/** The owner's own figures over the same searches, to compare each row with. */
function YouRow({ name, you }: { name: string; you: CompetitorsResponse['you'] }) {
  return (
    <TableRow data-own="true" className="bg-primary/5">
      <TableRowHeader>
        You
        <span className="block text-xs font-normal text-muted-foreground">{name}</span>
      </TableRowHeader>
      <TableCell />
      <TableCell />
      <RankFigures figures={you} />
      <TableCell />
      <TableCell />
    </TableRow>
  )
}

function CompetitorRow({
  competitor,
  searches,
  actions,
}: {
  competitor: Competitor
  searches: number
  actions: RowActions
}) {
  const busy = actions.pendingId === competitor.id
  const mayChange = useMayChange()
  return (
    <TableRow>
      <TableRowHeader>
        <CompetitorName competitor={competitor} />
      </TableRowHeader>
      <TableCell label="Rating" className="tabular-nums">
        {competitor.rating === null ? NO_FIGURE : competitor.rating.toFixed(1)}
        <span className="block text-xs text-muted-foreground">
          {competitor.reviewCount === null
            ? 'Reviews not known'
            : `${competitor.reviewCount.toLocaleString()} reviews`}
        </span>
      </TableCell>
      <TableCell label="Reviews a month" className="tabular-nums">
        {formatPerMonth(competitor.reviewsPerMonth)}
      </TableCell>
      <RankFigures figures={competitor} />
      <TableCell label="Above you (searches)" className="tabular-nums">
        {competitor.searchesAboveYou.toLocaleString()} of {searches.toLocaleString()}
        <span className="block text-xs text-muted-foreground">
          seen in {competitor.searchesSeen.toLocaleString()}
        </span>
      </TableCell>
      <TableCell className="max-sm:col-span-2">
        <div className={mayChange ? 'flex flex-wrap gap-2 sm:justify-end' : 'hidden'}>
          <Button
            type="button"
            size="sm"
            variant={competitor.followed ? 'default' : 'outline'}
            aria-pressed={competitor.followed}
            disabled={busy}
            onClick={() => actions.change({ id: competitor.id, followed: !competitor.followed })}
          >
            {competitor.followed ? 'Following' : 'Follow'}
            <span className="sr-only"> {competitor.name}</span>
          </Button>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={() => actions.change({ id: competitor.id, hidden: true })}
          >
            Hide<span className="sr-only"> {competitor.name}</span>
          </Button>
        </div>
      </TableCell>
    </TableRow>
  )
}

/** Name, other names, category, website, and where the figures came from (source, last seen). */
function CompetitorName({ competitor }: { competitor: Competitor }) {
  const timeZone = useTimeZone()
  const website = websiteLink(competitor.website)
  return (
    <div className="grid min-w-48 gap-0.5">
      <span className="flex flex-wrap items-center gap-2">
        {competitor.name}
        {competitor.sample ? <SampleBadge /> : null}
      </span>
      {competitor.otherNames.length > 0 ? (
        <span className="text-xs font-normal text-muted-foreground">
          also shown as {competitor.otherNames.join(', ')}
        </span>
      ) : null}
      {competitor.primaryCategory ? (
        <span className="text-xs font-normal">{competitor.primaryCategory}</span>
      ) : null}
      {website ? (
        <a
          href={website.href}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="inline-flex w-fit items-center gap-1 text-xs font-normal text-primary underline-offset-4 hover:underline"
        >
          {website.label}
          <ExternalLink aria-hidden="true" className="size-3" />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : null}
      <span className="text-xs font-normal text-muted-foreground">
        Last seen {formatDate(competitor.lastSeenAt, timeZone)} by {competitor.source}
      </span>
    </div>
  )
}

/** Hidden competitors, folded away: the owner unhides any of them here. */
function HiddenCompetitors({ hidden, actions }: { hidden: Competitor[]; actions: RowActions }) {
  const [open, setOpen] = useState(false)
  const listId = useId()
  const mayChange = useMayChange()
  if (hidden.length === 0) return null
  return (
    <div className="grid gap-2">
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-fit"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <ChevronDown
          aria-hidden="true"
          className={open ? 'rotate-180 transition-transform' : 'transition-transform'}
        />
        Show hidden ({hidden.length})
      </Button>
      {open ? (
        <ul id={listId} aria-label="Hidden competitors" className="grid gap-2">
          {hidden.map((competitor) => (
            <li
              key={competitor.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
            >
              <span className="flex min-w-0 flex-wrap items-center gap-2">
                {competitor.name}
                {competitor.sample ? <SampleBadge /> : null}
              </span>
              <Button
                type="button"
                size="sm"
                variant="outline"
                className={mayChange ? undefined : 'hidden'}
                disabled={actions.pendingId === competitor.id}
                onClick={() => actions.change({ id: competitor.id, hidden: false })}
              >
                Unhide<span className="sr-only"> {competitor.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
