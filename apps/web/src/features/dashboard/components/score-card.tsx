import { LOCAL_SEO_SCORE } from '@localseo/shared/dashboard'
import { ClipboardCheck } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { Link } from 'react-router'
import { FigureSourceBadge } from '@/components/figure-source'
import { buttonClassName } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { paths } from '@/config/paths'
import { CardLoading } from './card-state'
import type { Dashboard } from '../api/get-dashboard'
import { Meter } from './meter'

// The measured score's breakdown loads on its own: a new business's starting score needs none of it,
// and the dashboard's first screen stays within its JavaScript budget (ADR 019).
const MeasuredDetails = lazy(async () => ({
  default: (await import('./score-breakdown')).MeasuredDetails,
}))

export type ScoreData = Pick<
  Dashboard,
  'score' | 'measured' | 'scoreSource' | 'breakdown' | 'scoreNote' | 'scoreAudit'
>

/**
 * docs/product.md §9: a fixed 72 out of 100 once a business name exists; once a site audit has finished, the
 * score measured from the audit, backlinks, listings and profile, with each part explained (issue 11).
 */
export function ScoreCard({
  data,
  timeZone,
}: {
  data: ScoreData | undefined
  /** The business's, so the audit's date is its own day (issue 32 item 5). */
  timeZone: string
}) {
  return (
    <Card role="region" aria-labelledby="local-seo-score-title" className="h-full">
      <CardHeader>
        <CardTitle id="local-seo-score-title">Local SEO Score</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        {data ? (
          <Score data={data} timeZone={timeZone} />
        ) : (
          <CardLoading label="Loading your score…" />
        )}
      </CardContent>
    </Card>
  )
}

/** The score, starting or measured, once the dashboard has answered. */
function Score({ data, timeZone }: { data: ScoreData; timeZone: string }) {
  const value = data.score ?? LOCAL_SEO_SCORE
  return (
    <>
      <p className="flex items-baseline gap-2">
        <span className="text-5xl font-semibold tracking-tight text-primary">{value}</span>
        <span className="text-sm text-muted-foreground">out of 100</span>
        {data.scoreSource ? (
          <FigureSourceBadge source={data.scoreSource} what="score" className="self-center" />
        ) : null}
      </p>
      <Meter value={value} label="Local SEO Score" className="bg-primary" />
      {data.measured ? (
        <Suspense fallback={<CardLoading label="Loading what makes up your score…" />}>
          <MeasuredDetails data={data} timeZone={timeZone} />
        </Suspense>
      ) : (
        <div className="grid justify-items-start gap-3">
          <p className="text-sm text-muted-foreground">
            A starting score. Run a site audit to get a score measured from your website, listings,
            backlinks and business profile.
          </p>
          <Link
            to={paths.siteAudit}
            className={buttonClassName({ variant: 'outline', size: 'sm' })}
          >
            <ClipboardCheck aria-hidden="true" />
            Run a site audit
          </Link>
        </div>
      )}
    </>
  )
}
