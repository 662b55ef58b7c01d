// SEO tasks: the list, the progress they add up to, and the docs/product.md §4 transitions, enforced here.
import { and, asc, eq, sql } from 'drizzle-orm'
import {
  canTransition,
  computeProgress,
  transitionRefusal,
  type SeoTask,
  type TaskStatus,
} from '@localseo/shared/progress'
import { dayIn } from '@localseo/shared/dates'
import type { Db } from '../../db/client.js'
import { businesses } from '../../db/schema/business.js'
import { recommendations } from '../../db/schema/recommendations.js'
import { recordActivity } from '../../lib/activity.js'
import { AppError } from '../../lib/errors.js'

/** Enough for any real backlog; generation adds at most a handful per call. */
const MAX_LISTED_TASKS = 500

type TaskRow = typeof recommendations.$inferSelect

export function toTask(row: TaskRow): SeoTask {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    priority: row.priority,
    status: row.status,
    category: row.category,
    impact: row.impact,
    points: row.points,
    completedDate: row.completedDate,
    implementationGuide: row.implementationGuide,
    createdAt: row.createdAt.toISOString(),
  }
}

// High first, then the oldest, so the list is stable as tasks move through their states.
const priorityRank = sql`case ${recommendations.priority} when 'high' then 0 when 'medium' then 1 else 2 end`

async function listTasks({ db, businessId }: { db: Db; businessId: string }) {
  const rows = await db
    .select()
    .from(recommendations)
    .where(eq(recommendations.businessId, businessId))
    .orderBy(priorityRank, asc(recommendations.createdAt), asc(recommendations.id))
    .limit(MAX_LISTED_TASKS)
  return rows.map(toTask)
}

/** From every task of the business, not only the listed ones. */
export async function getProgress({ db, businessId }: { db: Db; businessId: string }) {
  const rows = await db
    .select({
      status: recommendations.status,
      category: recommendations.category,
      points: recommendations.points,
    })
    .from(recommendations)
    .where(eq(recommendations.businessId, businessId))
  return computeProgress(rows)
}

export async function getRecommendations({ db, businessId }: { db: Db; businessId: string }) {
  const [tasks, progress] = await Promise.all([
    listTasks({ db, businessId }),
    getProgress({ db, businessId }),
  ])
  return { tasks, progress }
}

/**
 * Moves a task of this business to `status`. Completing sets completed_date to the business's today and records
 * the completion on the dashboard's Recent Activity; any other move clears the date (docs/product.md §4).
 */
export async function changeTaskStatus({
  db,
  businessId,
  taskId,
  status,
  now,
}: {
  db: Db
  businessId: string
  taskId: string
  status: TaskStatus
  now: Date
}) {
  const change = await db.transaction(async (tx) => {
    // Locked, so two clicks on Mark Complete cannot both score the task.
    const [row] = await tx
      .select()
      .from(recommendations)
      .where(and(eq(recommendations.id, taskId), eq(recommendations.businessId, businessId)))
      .for('update')
    if (!row) throw new AppError('not_found', 'That task does not exist.')
    if (!canTransition(row.status, status)) {
      throw new AppError('conflict', transitionRefusal(row.status, status))
    }
    const completing = status === 'completed'
    // The day it is where the business is (issue 32 item 5), not in UTC.
    const [business] = completing
      ? await tx
          .select({ timeZone: businesses.timeZone })
          .from(businesses)
          .where(eq(businesses.id, businessId))
      : []
    const completedDate = business ? dayIn(now, business.timeZone) : null
    const [updated] = await tx
      .update(recommendations)
      .set({ status, completedDate, updatedAt: now })
      .where(and(eq(recommendations.id, taskId), eq(recommendations.businessId, businessId)))
      .returning()
    if (!updated) throw new AppError('not_found', 'That task does not exist.')
    if (completing) {
      await recordActivity(tx, {
        businessId,
        kind: 'task_completed',
        message: `Completed SEO task: ${updated.title} (+${updated.points} points)`,
        now,
      })
    } else if (row.status === 'completed') {
      await recordActivity(tx, {
        businessId,
        kind: 'task_reopened',
        message: `Reopened SEO task: ${updated.title} (-${updated.points} points)`,
        now,
      })
    }
    return { task: toTask(updated), reopened: row.status === 'completed' }
  })
  const { task, reopened } = change
  return {
    task,
    // Negative when a completed task is reopened: its points are taken back.
    pointsEarned: status === 'completed' ? task.points : reopened ? -task.points : 0,
    progress: await getProgress({ db, businessId }),
  }
}
