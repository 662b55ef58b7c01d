import type { AiSource, KeywordAnalysis } from '@localseo/shared/ai'
import {
  formatVolume,
  positionText,
  type FigureSource,
  type KeywordRecord,
} from '@localseo/shared/keyword-figures'
import { Bot, CheckCircle2, LoaderCircle, RotateCcw } from 'lucide-react'
import type { ReactNode } from 'react'
import { ErrorAlert } from '@/components/error-alert'
import { FigureSourceBadge } from '@/components/figure-source'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'

const ENGINE_LABELS: Record<AiSource, string> = {
  'built-in': 'Built-in engine',
  model: 'AI model',
  fallback: 'Standard advice (the AI model was unavailable)',
}

const ESTIMATE: FigureSource = { kind: 'estimate' }

/** Why a volume is missing: no figures at the source, or text that is not a plausible search. */
function missingVolumeNote(source: FigureSource): string {
  return source.kind === 'measured'
    ? 'Google Ads has no figures for this search: too few people make it.'
    : 'This does not read like a search people make, so we do not invent a number for it.'
}

function Figure({
  label,
  value,
  source,
  note,
}: {
  label: string
  value: string
  source?: FigureSource | null
  note?: ReactNode
}) {
  return (
    <div className="rounded-lg border bg-muted/40 p-4">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums">{value}</dd>
      {source ? (
        <dd className="mt-1">
          <FigureSourceBadge source={source} what={label.toLowerCase()} />
        </dd>
      ) : null}
      {note ? <dd className="mt-1 text-xs text-muted-foreground">{note}</dd> : null}
    </div>
  )
}

/** The 'Analysis Results' card, whatever the analysis's state. */
function ResultsCard({
  keyword,
  badge,
  children,
}: {
  keyword: string
  badge?: ReactNode
  children: ReactNode
}) {
  return (
    <Card role="region" aria-labelledby="analysis-results-title">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id="analysis-results-title">Analysis Results</CardTitle>
          {badge}
        </div>
        <CardDescription className="break-words">“{keyword}”</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">{children}</CardContent>
    </Card>
  )
}

/**
 * The analysis is a job on the server (issue 36 item 3): while it runs the panel says so, with the
 * shape of the figures to come, and is announced once.
 */
export function AnalysisPending({ keyword }: { keyword: string }) {
  return (
    <ResultsCard keyword={keyword}>
      <div role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-primary" />
        Analyzing… This usually takes a few seconds.
      </div>
      <div aria-hidden="true" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {['position', 'volume', 'competition', 'relevance'].map((figure) => (
          <div key={figure} className="h-[88px] animate-pulse rounded-lg border bg-muted/40" />
        ))}
      </div>
      <div aria-hidden="true" className="grid gap-2">
        <div className="h-4 w-40 animate-pulse rounded bg-muted" />
        <div className="h-3 w-full animate-pulse rounded bg-muted/70" />
        <div className="h-3 w-4/5 animate-pulse rounded bg-muted/70" />
      </div>
    </ResultsCard>
  )
}

/** The job could not finish the analysis: the server's reason, in the owner's words, and a retry. */
export function AnalysisFailed({
  keyword,
  reason,
  onRetry,
  retrying,
}: {
  keyword: string
  reason: string
  onRetry?: () => void
  retrying: boolean
}) {
  return (
    <ResultsCard keyword={keyword}>
      <ErrorAlert>{reason}</ErrorAlert>
      {onRetry ? (
        <div>
          <Button type="button" variant="outline" onClick={onRetry} disabled={retrying}>
            <RotateCcw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : null}
    </ResultsCard>
  )
}

/**
 * docs/product.md §2 results panel: today's position, monthly searches, competition, relevance, AI text
 * and action items. The position and volume are the keyword's record, as every screen shows them.
 */
export function AnalysisResults({
  analysis,
  record,
}: {
  analysis: KeywordAnalysis
  record: KeywordRecord
}) {
  return (
    <ResultsCard
      keyword={analysis.keyword}
      badge={
        <Badge variant="outline">
          <Bot aria-hidden="true" className="size-3.5" />
          Answered by: {ENGINE_LABELS[analysis.source]}
        </Badge>
      }
    >
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure
          label="Position today"
          value={positionText(record, 'Not checked')}
          source={record.positionSource}
        />
        <Figure
          label="Search Volume"
          value={
            record.volume === null
              ? formatVolume(null, record.volumeSource)
              : `${formatVolume(record.volume)} monthly searches`
          }
          source={record.volumeSource}
          note={record.volume === null ? missingVolumeNote(record.volumeSource) : undefined}
        />
        <Figure
          label="Competition"
          value={analysis.competition ?? formatVolume(null, record.volumeSource)}
          source={record.volumeSource.kind === 'measured' ? record.volumeSource : ESTIMATE}
        />
        <Figure label="Relevance to your business" value={analysis.relevance} />
      </dl>
      <section aria-labelledby="ai-recommendations-title" className="grid gap-2">
        <h3 id="ai-recommendations-title" className="font-semibold">
          AI Recommendations
        </h3>
        {/* Plain text from the AI service: rendered as text, never as HTML. */}
        <p className="text-sm leading-relaxed whitespace-pre-line text-muted-foreground">
          {analysis.aiAnalysis}
        </p>
      </section>
      <section aria-labelledby="action-items-title" className="grid gap-2">
        <h3 id="action-items-title" className="font-semibold">
          Action Items
        </h3>
        <ul aria-labelledby="action-items-title" className="grid gap-2">
          {analysis.recommendations.map((item) => (
            <li key={item} className="flex gap-2 text-sm">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </section>
    </ResultsCard>
  )
}
