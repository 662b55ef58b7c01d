// docs/product.md §8 "AI fallbacks": what each task answers when the configured model fails or answers
// something unusable. Canned on purpose: the spec fixes these, and they are labelled 'fallback'.
import type { ContentIdeas, KeywordAnalysis } from '@localseo/shared/ai'
import { seededRandom } from '@localseo/shared/random'
import { AppError } from '../lib/errors.js'

const FALLBACK_KEYWORD_RECOMMENDATIONS = [
  'Include the keyword in your page title, main heading and first paragraph.',
  'Create content that mentions your city and the neighbourhoods you serve.',
  'Make sure your Google Business Profile lists this service.',
  'Ask satisfied customers for reviews that mention this service.',
] as const

export const FALLBACK_KEYWORD_ANALYSIS =
  'This keyword appears relevant to your business. Focus on creating high-quality, locally relevant content that targets it, and track its ranking over the coming weeks.'

export const FALLBACK_BACKLINK_RECOMMENDATIONS =
  'Focus on earning links from local, relevant websites: business directories, your chamber of commerce, local news sites and community organisations. Keep your anchor text natural and varied, and fix or replace links that point to broken pages.'

export const FALLBACK_CONTENT_IDEAS = [
  'A guide to the most common questions your customers ask, answered in plain language.',
  'A page about the neighbourhoods and nearby areas you serve.',
  'A customer success story with photos, shared with their permission.',
  'Seasonal tips related to your services for the months ahead.',
  'A behind-the-scenes introduction to your team and how you work.',
] as const

const RECOMMENDATIONS_FAILED_MESSAGE = 'Failed to generate recommendations'

/** Volume 500-1499 (docs/product.md §8), seeded by the keyword so a retry shows the same number. */
export function fallbackKeywordAnalysis(keyword: string): Omit<KeywordAnalysis, 'source'> {
  return {
    keyword,
    searchVolume: seededRandom('fallback-volume', keyword.trim().toLowerCase()).int(500, 1499),
    competition: 'Medium',
    relevance: 'High',
    recommendations: [...FALLBACK_KEYWORD_RECOMMENDATIONS],
    aiAnalysis: FALLBACK_KEYWORD_ANALYSIS,
  }
}

export function fallbackContentIdeas(): Omit<ContentIdeas, 'source'> {
  return { ideas: [...FALLBACK_CONTENT_IDEAS] }
}

/** docs/product.md §8: recommendations have no fallback; the call fails with this exact message. */
export function recommendationsFailed(): never {
  throw new AppError('bad_gateway', RECOMMENDATIONS_FAILED_MESSAGE)
}
