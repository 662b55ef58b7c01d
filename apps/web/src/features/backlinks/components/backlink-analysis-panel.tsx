import type { BacklinkAnalysis } from '@localseo/shared/ai'
import type { Business } from '@localseo/shared/business'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import { RefreshCw } from 'lucide-react'
import { BUSINESS_REQUIRED_MESSAGE } from '@/components/business-required'
import { ErrorAlert } from '@/components/error-alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-error'
import { useBacklinkAnalysis } from '../api/analyse-backlinks'
import { useBacklinkSummary } from '../api/get-backlink-summary'
import { AiMessage } from './ai-message'
import {
  NO_BACKLINK_DATA,
  WEBSITE_REQUIRED_FOR_ANALYSIS as NO_WEBSITE_FOR_ANALYSIS,
} from '@localseo/shared/backlink-ai'
import { AiSourceBadge } from './ai-source-badge'
import { PanelHeader } from './panel-header'
import { ScoreCard } from './score-card'

/**
 * docs/product.md §2 Backlink Analysis: Quality, Diversity and Local Relevance out of 100 (docs/product.md §9 formulas, on
 * the server over every backlink in scope) and the AI Recommendations. Asked for once the business
 * name, website and at least one backlink are there; Refresh Analysis asks again.
 */
export function BacklinkAnalysisPanel({
  business,
  location,
  named,
}: {
  business: Business
  location: ResolvedLocation
  named: boolean
}) {
  const summary = useBacklinkSummary(business.id, location.id)
  const hasWebsite = business.website.trim() !== ''
  const hasBacklinks = (summary.data?.total ?? 0) > 0
  const ready = named && hasWebsite && hasBacklinks
  const analysis = useBacklinkAnalysis(business.id, location.id, ready)

  const blocked = !named
    ? { text: BUSINESS_REQUIRED_MESSAGE, settingsLink: true }
    : !hasWebsite
      ? { text: NO_WEBSITE_FOR_ANALYSIS, settingsLink: true }
      : summary.data && !hasBacklinks
        ? { text: NO_BACKLINK_DATA, settingsLink: false }
        : null

  return (
    <div className="grid gap-6">
      <PanelHeader
        title="Backlink Analysis"
        description={`Scores over every backlink of ${location.label}, with recommendations.`}
        action={
          <Button
            variant="outline"
            disabled={!ready || analysis.isFetching}
            onClick={() => void analysis.refetch()}
          >
            <RefreshCw aria-hidden="true" className={analysis.isFetching ? 'animate-spin' : ''} />
            {analysis.isFetching ? 'Analyzing...' : 'Refresh Analysis'}
          </Button>
        }
      />

      {blocked ? (
        <AiMessage text={blocked.text} settingsLink={blocked.settingsLink} />
      ) : summary.isError ? (
        <ErrorAlert>Could not load your backlinks. Please try again.</ErrorAlert>
      ) : analysis.isError && !analysis.isFetching ? (
        <AnalysisError error={analysis.error} />
      ) : !analysis.data || analysis.isFetching ? (
        <Spinner label="Analyzing your backlinks…" />
      ) : (
        <AnalysisResult analysis={analysis.data} />
      )}
    </div>
  )
}

/** A refusal the owner can act on (no website, no backlinks) is guidance; anything else an error. */
function AnalysisError({ error }: { error: Error }) {
  if (error instanceof ApiError && error.status === 422) {
    return <AiMessage text={error.message} settingsLink={error.message !== NO_BACKLINK_DATA} />
  }
  return <ErrorAlert>{error.message}</ErrorAlert>
}

/**
 * How the Quality Score was made (issue 32 item 4, ADR 032): rated links count High 100, Medium 50,
 * Low and broken 0; a link whose page did not answer counts 0; unchecked links are left out.
 */
function qualityDescription(analysis: BacklinkAnalysis): string {
  const left = analysis.totalBacklinks - analysis.qualityCounted
  const counted = `From the ${analysis.qualityCounted.toLocaleString('en-US')} checked ${analysis.qualityCounted === 1 ? 'link' : 'links'}: High 100, Medium 50, Low 0; broken links and pages that did not answer count 0.`
  return left > 0 ? `${counted} ${left.toLocaleString('en-US')} not rated yet.` : counted
}

/** The three scores and the AI Recommendations, with where the text came from. */
function AnalysisResult({ analysis }: { analysis: BacklinkAnalysis }) {
  return (
    <>
      <ul aria-label="Backlink scores" className="grid gap-4 md:grid-cols-3">
        <li>
          <ScoreCard
            title="Quality Score"
            score={analysis.qualityScore}
            description={qualityDescription(analysis)}
            unratedNote="No link has been checked yet, so there is nothing measured to score. Use Verify all on the Backlink Monitor tab."
          />
        </li>
        <li>
          <ScoreCard
            title="Diversity Score"
            score={analysis.diversityScore}
            description="Share of links that come from different domains."
          />
        </li>
        <li>
          <ScoreCard
            title="Local Relevance"
            score={analysis.localRelevanceScore}
            description="Share of links whose domain or anchor names your city, state or trade."
          />
        </li>
      </ul>
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <CardTitle>AI Recommendations</CardTitle>
            <AiSourceBadge source={analysis.source} />
          </div>
          <CardDescription>
            Based on {analysis.totalBacklinks.toLocaleString('en-US')}{' '}
            {analysis.totalBacklinks === 1 ? 'backlink' : 'backlinks'}.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {/* Plain text from the AI service: rendered as text, never as HTML. */}
          <p className="text-sm leading-relaxed whitespace-pre-line">{analysis.recommendations}</p>
        </CardContent>
      </Card>
    </>
  )
}
