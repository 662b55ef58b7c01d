// The Rank Tracker's history routes answered from a whole set of keywords, as the server pages it
// (issue 36 item 2): GET /history sends the page asked and the figures over every keyword, GET
// /history/keywords every keyword or the named ones.
import {
  RANK_PAGE_SIZE,
  rankOverview,
  type RankHistory,
  type RankKeywordsHistory,
} from '@localseo/shared/rank-tracker'
import { json } from './network'

type Whole = RankKeywordsHistory & Pick<RankHistory, 'budget'>

/** The GET /api/rank-tracker/history answer for the request's page. */
function historyPage(whole: Whole, request: Request): RankHistory {
  const params = new URL(request.url).searchParams
  const limit = Number(params.get('limit') ?? RANK_PAGE_SIZE)
  const total = whole.keywords.length
  const page = Math.min(Number(params.get('page') ?? 1), Math.max(1, Math.ceil(total / limit)))
  const { summary, checkCounts, hasChecks, ...chosen } = rankOverview(whole.keywords, whole.days)
  const pick = (ids: string[]) => whole.keywords.filter((k) => ids.includes(k.id))
  return {
    ...whole,
    keywords: whole.keywords.slice((page - 1) * limit, page * limit),
    total,
    page,
    limit,
    summary,
    topPerformers: chosen.topPerformers.flatMap((id) => pick([id])),
    needsImprovement: chosen.needsImprovement.flatMap((id) => pick([id])),
    chart: pick(chosen.chart),
    checkCounts,
    notCheckedYet: whole.keywords.filter((k) => k.latestCheck === null).length,
    hasChecks,
  }
}

/** The GET /api/rank-tracker/history/keywords answer: every keyword, or those of `ids`. */
function namedKeywords(whole: Whole, request: Request): RankKeywordsHistory {
  const ids = new URL(request.url).searchParams.get('ids')?.split(',')
  return {
    range: whole.range,
    days: whole.days,
    simulated: whole.simulated,
    keywords: ids ? whole.keywords.filter((k) => ids.includes(k.id)) : whole.keywords,
  }
}

/** Both history handlers for stubNetwork, answered from the whole set `whole` gives. */
export function historyHandlers(whole: (request: Request) => Whole | Promise<Whole>) {
  return {
    'GET /api/rank-tracker/history': async (request: Request) =>
      json(historyPage(await whole(request), request)),
    'GET /api/rank-tracker/history/keywords': async (request: Request) =>
      json(namedKeywords(await whole(request), request)),
  }
}
