// Generate New Recommendations (docs/product.md §2, §4, §8; issue 10 item 5): ask the AI service, keep what is
// valid and new, add tasks for real gaps, and fall back to the spec's FAQ task when the AI gave
// nothing usable. A task that asks what another already asks is never added (task-topic.ts).
import { desc, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import { TASK_CATEGORIES, TASK_PRIORITIES } from '@localseo/shared/ai'
import type { Business } from '@localseo/shared/business'
import type { AiService } from '../../ai/ai-service.js'
import { lockBusiness } from '../../lib/tenant.js'
import type { Db } from '../../db/client.js'
import { keywords } from '../../db/schema/keywords.js'
import { rankPositions } from '../../db/schema/rank-tracker.js'
import { recommendations } from '../../db/schema/recommendations.js'
import { latestPosition } from '../keywords/public.js'
import { newestBacklinks } from '../backlinks/public.js'
import { FAQ_TASK, gapTasks, withGuide, type NewTask } from './gap-tasks.js'
import { getProgress, toTask } from './recommendations.service.js'
import { taskTopic } from './task-topic.js'

// What we store, whatever the engine said: plain bounded text and points that fit docs/product.md §9 levels.
const suggestionSchema = z.object({
  title: z.string().trim().min(3).max(120),
  description: z.string().trim().min(1).max(600),
  priority: z.enum(TASK_PRIORITIES),
  category: z.enum(TASK_CATEGORIES),
  impact: z.string().trim().max(160),
  points: z.number().int().min(5).max(100),
})

/**
 * Whether a keyword's latest successful position is the rank simulation's: advice that quotes it
 * labels it '(simulated)' (issue 32 item 4), as latestPosition's row says.
 */
const latestPositionSimulated = sql<boolean | null>`(
  select ${rankPositions.source} = 'simulated' from ${rankPositions}
  where ${rankPositions.keywordId} = ${keywords.id} and ${rankPositions.status} = 'ok'
  order by ${rankPositions.day} desc limit 1)`

/** What the AI task reads: the keywords, the newest backlinks and the titles already there. */
async function readInputs(db: Db, businessId: string) {
  const [keywordRows, backlinkRows, existingRows] = await Promise.all([
    db
      .select({
        keyword: keywords.keyword,
        position: latestPosition,
        simulated: latestPositionSimulated,
      })
      .from(keywords)
      .where(eq(keywords.businessId, businessId))
      .orderBy(desc(keywords.createdAt))
      .limit(500),
    newestBacklinks({ db, businessId, limit: 1000 }),
    db
      .select({ title: recommendations.title })
      .from(recommendations)
      .where(eq(recommendations.businessId, businessId))
      .limit(500),
  ])
  return {
    keywordRows,
    backlinkRows,
    existingTitles: existingRows.map((r) => r.title.slice(0, 300)),
  }
}

/**
 * The tasks to add, in order: new AI suggestions, then new gap tasks, and the spec's FAQ task when
 * the AI gave nothing new. A task whose topic (what it asks, task-topic.ts) is already there, open
 * or completed, is never added again.
 */
function pickNewTasks(existingTitles: string[], fromAi: NewTask[], fromGaps: NewTask[]) {
  const taken = new Set(existingTitles.map(taskTopic))
  const isNew = (task: NewTask) => {
    const topic = taskTopic(task.title)
    if (taken.has(topic)) return false
    taken.add(topic)
    return true
  }
  const newFromAi = fromAi.filter(isNew)
  const fresh = [...newFromAi, ...fromGaps.filter(isNew)]
  // Nothing usable from the AI: the spec's fixed task, once (an FAQ task of any title counts).
  if (newFromAi.length === 0 && isNew(FAQ_TASK)) fresh.push(FAQ_TASK)
  return fresh
}

/** Adds the new tasks in one transaction, one generation at a time per business. */
async function addNewTasks(
  db: Db,
  opts: { businessId: string; fromAi: NewTask[]; fromGaps: NewTask[]; now: Date },
) {
  const { businessId, now } = opts
  return db.transaction(async (tx) => {
    // One generation at a time per business, so two clicks cannot both add the same title.
    await lockBusiness(tx, businessId)
    const existing = await tx
      .select({ title: recommendations.title })
      .from(recommendations)
      .where(eq(recommendations.businessId, businessId))
    const fresh = pickNewTasks(
      existing.map((r) => r.title),
      opts.fromAi,
      opts.fromGaps,
    )
    if (fresh.length === 0) return []
    const rows = await tx
      .insert(recommendations)
      .values(
        fresh.map((task, i) => ({
          ...task,
          businessId,
          status: 'pending' as const,
          // Milliseconds apart, so the list keeps the order the AI ranked them in.
          createdAt: new Date(now.getTime() + i),
          updatedAt: now,
        })),
      )
      .returning()
    return rows.map(toTask)
  })
}

export async function generateTasks({
  db,
  ai,
  userId,
  business,
  now,
}: {
  db: Db
  ai: AiService
  userId: string
  business: Business
  now: Date
}) {
  const businessId = business.id
  const { keywordRows, backlinkRows, existingTitles } = await readInputs(db, businessId)
  // docs/product.md §8: when the AI fails outright this throws 'Failed to generate
  // recommendations' and nothing is written.
  const suggestions = await ai.generateRecommendations({
    userId,
    business,
    keywords: keywordRows.map((k) => ({ ...k, simulated: k.simulated === true })),
    backlinks: backlinkRows,
    existingTitles,
  })
  const fromAi = suggestions.tasks.flatMap((task) => {
    const parsed = suggestionSchema.safeParse(task)
    return parsed.success ? [withGuide(parsed.data)] : []
  })
  const fromGaps = gapTasks(business, backlinkRows)
  const added = await addNewTasks(db, { businessId, fromAi, fromGaps, now })
  return { added, source: suggestions.source, progress: await getProgress({ db, businessId }) }
}
