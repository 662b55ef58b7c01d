// Query keys of the Backlink Monitor. Data ('data') and AI answers ('ai') are kept apart: adding or
// changing a backlink refetches the lists and the summary, never a paid AI call on its own.
import { backlinksKey } from '@/lib/query-keys'

/** The list and the summary of every location of this business. */
export const backlinkDataKey = (businessId: string) =>
  [...backlinksKey, businessId, 'data'] as const

export const backlinkScopeKey = (businessId: string, location: string) =>
  [...backlinkDataKey(businessId), location] as const

export const backlinkAiKey = (businessId: string, location: string) =>
  [...backlinksKey, businessId, 'ai', location] as const

/** The newest "Verify all" run of the business, whatever location it checks. */
export const verifyRunKey = (businessId: string) =>
  [...backlinksKey, businessId, 'verify-run'] as const
