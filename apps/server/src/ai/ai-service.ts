// The AI service handed to routes as deps.ai (docs/house-rules.md "ai/"): its tasks and a status, with
// the configured model when OPENAI_API_KEY is set and the built-in engine otherwise.
import {
  AI_CONNECTED_MESSAGE,
  type AiEngine,
  type AiStatus,
  type BacklinkAnalysis,
  type ContentIdeas,
  type KeywordAnalysis,
  type SeoTaskSuggestions,
} from '@localseo/shared/ai'
import type { ReviewDraft } from '@localseo/shared/business-profile'
import type { Db } from '../db/client.js'
import type { Env } from '../env.js'
import type { Clock } from '../lib/clock.js'
import type { Logger } from '../lib/logger.js'
import type { AppMetrics } from '../lib/metrics.js'
import { createOpenAiProvider } from './openai-provider.js'
import type { AiProvider } from './provider.js'
import { getAiUsage } from './quota.js'
import { runAiTask, type AiTaskContext } from './run-task.js'
import { analyseBacklinksTask, type AnalyseBacklinksRequest } from './tasks/analyse-backlinks.js'
import { analyseKeywordTask, type AnalyseKeywordRequest } from './tasks/analyse-keyword.js'
import { draftReviewReplyTask, type DraftReviewReplyRequest } from './tasks/draft-review-reply.js'
import {
  generateContentIdeasTask,
  type GenerateContentIdeasRequest,
} from './tasks/generate-content-ideas.js'
import {
  generateRecommendationsTask,
  type GenerateRecommendationsRequest,
} from './tasks/generate-recommendations.js'

interface ForUser {
  /** The signed-in user, for the daily quota. */
  userId: string
}

export interface AiService {
  readonly engine: AiEngine
  analyseKeyword(options: ForUser & AnalyseKeywordRequest): Promise<KeywordAnalysis>
  generateRecommendations(
    options: ForUser & GenerateRecommendationsRequest,
  ): Promise<SeoTaskSuggestions>
  analyseBacklinks(options: ForUser & AnalyseBacklinksRequest): Promise<BacklinkAnalysis>
  generateContentIdeas(options: ForUser & GenerateContentIdeasRequest): Promise<ContentIdeas>
  /** A draft reply to a Google review (issue 33 item 3): shown to the owner, never sent by itself. */
  draftReviewReply(options: ForUser & DraftReviewReplyRequest): Promise<ReviewDraft>
  getStatus(options: ForUser): Promise<AiStatus>
}

/** The remote model when a key is configured; otherwise undefined and the built-in engine answers. */
export function createAiProviderFromEnv(
  env: Pick<Env, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'AI_MODEL' | 'AI_TIMEOUT_MS'>,
  options: { retryDelayMs?: number } = {},
): AiProvider | undefined {
  if (!env.OPENAI_API_KEY) return undefined
  return createOpenAiProvider({
    apiKey: env.OPENAI_API_KEY,
    baseURL: env.OPENAI_BASE_URL,
    model: env.AI_MODEL,
    timeoutMs: env.AI_TIMEOUT_MS,
    ...options,
  })
}

export function createAiService({
  db,
  clock,
  logger,
  dailyQuota,
  provider,
}: {
  db: Db
  clock: Clock
  logger: Logger
  dailyQuota: number
  provider: AiProvider | undefined
}): AiService {
  const context: AiTaskContext = {
    db,
    clock,
    logger: logger.child({ module: 'ai' }),
    dailyQuota,
    provider,
  }
  const engine: AiEngine = provider ? 'model' : 'built-in'
  return {
    engine,
    analyseKeyword: ({ userId, ...request }) =>
      runAiTask({ context, task: analyseKeywordTask, userId, request }),
    generateRecommendations: ({ userId, ...request }) =>
      runAiTask({ context, task: generateRecommendationsTask, userId, request }),
    analyseBacklinks: ({ userId, ...request }) =>
      runAiTask({ context, task: analyseBacklinksTask, userId, request }),
    generateContentIdeas: ({ userId, ...request }) =>
      runAiTask({ context, task: generateContentIdeasTask, userId, request }),
    draftReviewReply: ({ userId, ...request }) =>
      runAiTask({ context, task: draftReviewReplyTask, userId, request }),
    async getStatus({ userId }) {
      const usedToday = await getAiUsage({ db, userId, now: clock.now() })
      return {
        connected: true,
        engine,
        ...(provider ? { model: provider.model } : {}),
        message: AI_CONNECTED_MESSAGE,
        quota: { limit: dailyQuota, usedToday, counts: 'model-calls' },
      }
    },
  }
}

/** Counts each call to the model endpoint and whether it answered usably (GET /metrics). */
function countedCalls(
  provider: AiProvider | undefined,
  metrics: Pick<AppMetrics, 'providerCall'> | undefined,
): AiProvider | undefined {
  if (!provider || !metrics) return provider
  return {
    model: provider.model,
    async completeJson(prompt) {
      try {
        const answer = await provider.completeJson(prompt)
        metrics.providerCall('ai', 'ok')
        return answer
      } catch (error) {
        metrics.providerCall('ai', 'failed')
        throw error
      }
    },
  }
}

/** The service as index.ts and the test app build it from the environment. */
export function createAiServiceFromEnv({
  env,
  db,
  clock,
  logger,
  metrics,
  retryDelayMs,
}: {
  env: Env
  db: Db
  clock: Clock
  logger: Logger
  metrics?: Pick<AppMetrics, 'providerCall'>
  retryDelayMs?: number
}): AiService {
  const provider = createAiProviderFromEnv(env, retryDelayMs === undefined ? {} : { retryDelayMs })
  return createAiService({
    db,
    clock,
    logger,
    dailyQuota: env.AI_DAILY_QUOTA,
    provider: countedCalls(provider, metrics),
  })
}
