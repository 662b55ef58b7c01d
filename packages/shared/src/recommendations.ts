// SEO Recommendations' answers (/api/recommendations, docs/product.md §4): the tasks with the owner's
// progress (points, level, badges), a status change, and the tasks a generation added.
import { z } from 'zod'
import { seoTaskSchema, type SeoProgress } from './progress.js'

const badgeSchema = z.object({
  id: z.enum(['technical-expert', 'content-creator', 'local-hero', 'seo-beginner', 'seo-pro']),
  name: z.string(),
  description: z.string(),
  earned: z.boolean(),
  current: z.number(),
  target: z.number(),
})

export const progressSchema: z.ZodType<SeoProgress> = z.object({
  points: z.number(),
  level: z.number(),
  totalTasks: z.number(),
  completedTasks: z.number(),
  inProgressTasks: z.number(),
  pendingTasks: z.number(),
  completedPercent: z.number(),
  inProgressPercent: z.number(),
  levelPoints: z.number(),
  pointsToNextLevel: z.number(),
  nextLevelPercent: z.number(),
  badges: z.array(badgeSchema),
})

/** GET /api/recommendations. */
export const recommendationsResponseSchema = z.object({
  tasks: z.array(seoTaskSchema),
  progress: progressSchema,
})
export type Recommendations = z.infer<typeof recommendationsResponseSchema>

/** PATCH /api/recommendations/:id: the task in its new status and the points it moved. */
export const taskStatusResponseSchema = z.object({
  task: seoTaskSchema,
  pointsEarned: z.number(),
  progress: progressSchema,
})

/** POST /api/recommendations/generate: the tasks added and which engine wrote them. */
export const generateTasksResponseSchema = z.object({
  added: z.array(seoTaskSchema),
  source: z.string(),
  progress: progressSchema,
})

/**
 * POST /api/site-audit/runs/:id/issues/:checkId/task: 201 with the task made from a failed local
 * check, then 200 with the task already made (issue 11 item 6).
 */
export const auditTaskResponseSchema = z.object({
  created: z.boolean(),
  task: seoTaskSchema.omit({ completedDate: true, createdAt: true }),
})
