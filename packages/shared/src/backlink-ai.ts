// AI Backlink Analysis and Content Ideas (docs/product.md §2, §7): the request both endpoints take and the
// exact refusal texts the server sends with a 422 and the screens show.
import { z } from 'zod'

export const BUSINESS_INFO_REQUIRED =
  'Please add your business information in Settings first to use this feature.'
export const WEBSITE_REQUIRED_FOR_ANALYSIS =
  'Please add your website URL in Settings to use the AI Backlink Analysis feature.'
export const NO_BACKLINK_DATA =
  'No backlink data available. Please add backlinks in the Backlink Monitor section first.'

/** POST /api/backlinks/analysis and /content-ideas: 'main' (or none) or a location id. */
export const backlinkAiRequestSchema = z.object({ location: z.string().max(100).optional() })
export type BacklinkAiRequest = z.input<typeof backlinkAiRequestSchema>
