// Tasks made from something another feature found (a failed audit check), one per source_key per
// business: asking twice returns the task already made, whatever its status (docs/product.md §4).
import { and, eq, inArray } from 'drizzle-orm'
import type { TaskCategory, TaskPriority } from '@localseo/shared/progress'
import type { Db } from '../../db/client.js'
import { recommendations } from '../../db/schema/recommendations.js'

export interface SourcedTask {
  title: string
  description: string
  priority: TaskPriority
  category: TaskCategory
  impact: string
  points: number
  implementationGuide: string
}

/** Task ids already made from these sources, by source key. */
export async function taskIdsBySource(db: Db, businessId: string, sourceKeys: readonly string[]) {
  const bySource = new Map<string, string>()
  if (sourceKeys.length === 0) return bySource
  const rows = await db
    .select({ id: recommendations.id, sourceKey: recommendations.sourceKey })
    .from(recommendations)
    .where(
      and(
        eq(recommendations.businessId, businessId),
        inArray(recommendations.sourceKey, [...sourceKeys]),
      ),
    )
  for (const row of rows) if (row.sourceKey) bySource.set(row.sourceKey, row.id)
  return bySource
}

/** Adds the task unless this source already has one; answers whether it was created now. */
export async function addTaskOnce({
  db,
  businessId,
  sourceKey,
  task,
  now,
}: {
  db: Db
  businessId: string
  sourceKey: string
  task: SourcedTask
  now: Date
}) {
  const [created] = await db
    .insert(recommendations)
    .values({ ...task, businessId, sourceKey, status: 'pending', createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [recommendations.businessId, recommendations.sourceKey] })
    .returning({ id: recommendations.id })
  if (created) {
    return { created: true, task: { id: created.id, ...task, status: 'pending' as const } }
  }
  const [existing] = await db
    .select()
    .from(recommendations)
    .where(
      and(eq(recommendations.businessId, businessId), eq(recommendations.sourceKey, sourceKey)),
    )
  if (!existing) throw new Error('sourced task neither inserted nor found')
  const { id, title, description, priority, category, impact, points } = existing
  const { implementationGuide, status } = existing
  return {
    created: false,
    task: {
      id,
      title,
      description,
      priority,
      category,
      impact,
      points,
      implementationGuide,
      status,
    },
  }
}
