// What the Insights and Keyword Strategy panels say about a list of keywords (docs/product.md §2). Plain
// functions over the engine's estimates, so the screen stays declarative and tests can read them.
import {
  KEYWORD_INTENTS,
  type KeywordIntent,
  type PlannerKeyword,
} from '@localseo/shared/keyword-engine'
import { moneyFor, type Money } from '@localseo/shared/money'
import { formatCpc } from './money'

export const INTENT_LABELS: Record<KeywordIntent, string> = {
  commercial: 'Commercial',
  informational: 'Informational',
  transactional: 'Transactional',
  local: 'Local',
}

export function intentDistribution(keywords: readonly PlannerKeyword[]) {
  return KEYWORD_INTENTS.map((intent) => {
    const count = keywords.filter((k) => k.intent === intent).length
    return {
      intent,
      label: INTENT_LABELS[intent],
      count,
      percent: keywords.length ? Math.round((count / keywords.length) * 100) : 0,
    }
  })
}

const quote = (list: readonly PlannerKeyword[]) => list.map((k) => `"${k.keyword}"`).join(', ')

/** Keywords with an estimate, most searched first: no advice is built on a number we do not have. */
function byVolume(keywords: readonly PlannerKeyword[]) {
  return keywords
    .flatMap((k) => (k.volume === null ? [] : [{ ...k, volume: k.volume }]))
    .sort((a, b) => b.volume - a.volume)
}

export function plannerRecommendations(
  keywords: readonly PlannerKeyword[],
  money: Money = moneyFor('US'),
): string[] {
  if (keywords.length === 0) return []
  const out: string[] = []
  const estimated = byVolume(keywords)
  const quickWins = estimated
    .filter((k) => k.difficulty === 'low' && k.relevance !== 'low')
    .slice(0, 3)
  if (quickWins.length > 0) {
    out.push(`Start with quick wins, easy to rank for and relevant: ${quote(quickWins)}.`)
  }
  // A dedicated page only for what the business offers: the most searched of its most relevant ideas.
  const top =
    estimated.find((k) => k.relevance === 'high') ?? estimated.find((k) => k.relevance !== 'low')
  if (top) {
    out.push(
      `"${top.keyword}" is the most searched of your most relevant keywords (${top.volume.toLocaleString('en-US')} a month, estimated): give it a dedicated page.`,
    )
  }
  const local = keywords.filter((k) => k.intent === 'local').length
  if (local / keywords.length >= 0.4) {
    out.push(
      'Most of these are local searches: keep your Google Business Profile complete and give each location its own page.',
    )
  }
  const rising = keywords.filter((k) => k.trend === 'up')
  if (rising.length > 0) {
    out.push(
      `${rising.length} ${rising.length === 1 ? 'keyword is' : 'keywords are'} trending up, such as ${quote(rising.slice(0, 2))}: publish for them early.`,
    )
  }
  const pricey = keywords.filter((k) => (k.cpc ?? 0) >= 5)
  if (pricey.length > 0) {
    out.push(
      `${pricey.length} ${pricey.length === 1 ? 'keyword costs' : 'keywords cost'} ${formatCpc(5, money)} or more per click in ads: ranking for them organically saves the most.`,
    )
  }
  return out.slice(0, 4)
}

const CONTENT_TYPES: Record<KeywordIntent, string> = {
  local: 'Location and service-area pages',
  transactional: 'Service pages with prices and a booking button',
  commercial: 'Comparison, review and "why choose us" pages',
  informational: 'Blog posts and FAQ answers',
}

export function contentPlan(keywords: readonly PlannerKeyword[]) {
  return KEYWORD_INTENTS.map((intent) => {
    const list = keywords.filter((k) => k.intent === intent)
    return { intent, title: CONTENT_TYPES[intent], count: list.length, examples: list.slice(0, 3) }
  }).filter((item) => item.count > 0)
}

/** docs/product.md §2: Month 1 low-difficulty count, Months 2-3 medium, Months 4-6 high. */
export function strategyTimeline(keywords: readonly PlannerKeyword[]) {
  const countOf = (difficulty: PlannerKeyword['difficulty']) =>
    keywords.filter((k) => k.difficulty === difficulty).length
  return [
    { period: 'Month 1', difficulty: 'low', count: countOf('low') },
    { period: 'Months 2-3', difficulty: 'medium', count: countOf('medium') },
    { period: 'Months 4-6', difficulty: 'high', count: countOf('high') },
  ] as const
}
