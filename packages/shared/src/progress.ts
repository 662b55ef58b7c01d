// SEO tasks, their transitions, and the points, levels and badges they earn (docs/product.md §3, §4, §9).
// One set of rules for the server, which enforces them, and the screen, which shows them.
import { z } from 'zod'
import { TASK_CATEGORIES, TASK_PRIORITIES } from './ai.js'

export const TASK_STATUSES = ['pending', 'in-progress', 'completed'] as const
export type TaskStatus = (typeof TASK_STATUSES)[number]
export type TaskPriority = (typeof TASK_PRIORITIES)[number]
export type TaskCategory = (typeof TASK_CATEGORIES)[number]

/** docs/product.md §3 "SEO task / recommendation", as GET /api/recommendations returns it. */
export const seoTaskSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  priority: z.enum(TASK_PRIORITIES),
  status: z.enum(TASK_STATUSES),
  category: z.enum(TASK_CATEGORIES),
  impact: z.string(),
  points: z.number().int().nonnegative(),
  /** YYYY-MM-DD, set only while the task is completed. */
  completedDate: z.string().nullable(),
  /** One step per line. */
  implementationGuide: z.string(),
  createdAt: z.string(),
})
export type SeoTask = z.infer<typeof seoTaskSchema>

/**
 * docs/product.md §4: pending -> in-progress (Start), in-progress -> completed and pending -> completed
 * (Mark Complete), and completed -> pending (Reopen, issue 15 item 6: an undo that takes the points
 * back, since points count completed tasks only). A completed task can never be completed (and
 * scored) twice.
 */
const ALLOWED: Record<TaskStatus, readonly TaskStatus[]> = {
  pending: ['in-progress', 'completed'],
  'in-progress': ['completed'],
  completed: ['pending'],
}

export function canTransition(from: TaskStatus, to: TaskStatus): boolean {
  return ALLOWED[from].includes(to)
}

/** The statuses a task may be in to move to `to`. */
export function statusesAllowedBefore(to: TaskStatus): TaskStatus[] {
  return TASK_STATUSES.filter((from) => canTransition(from, to))
}

/** Why a transition is refused, in words the owner understands. */
export function transitionRefusal(from: TaskStatus, to: TaskStatus): string {
  const words = (status: TaskStatus) => (status === 'in-progress' ? 'in progress' : status)
  if (from === to || (from === 'completed' && to !== 'pending')) {
    return `This task is already ${words(from)}.`
  }
  return `A task that is ${words(from)} cannot go back to ${words(to)}.`
}

export const POINTS_PER_LEVEL = 100

export type BadgeId =
  'technical-expert' | 'content-creator' | 'local-hero' | 'seo-beginner' | 'seo-pro'

interface BadgeRule {
  id: BadgeId
  name: string
  description: string
  target: number
  /** Which completed tasks count towards the badge; undefined counts every completed task. */
  category?: TaskCategory
}

/** docs/product.md §9 badges, in the order the screen shows them. */
export const BADGES: readonly BadgeRule[] = [
  { id: 'seo-beginner', name: 'SEO Beginner', description: 'Complete your first task', target: 1 },
  {
    id: 'local-hero',
    name: 'Local Hero',
    description: 'Complete a listings task',
    target: 1,
    category: 'listings',
  },
  {
    id: 'technical-expert',
    name: 'Technical Expert',
    description: 'Complete 2 technical tasks',
    target: 2,
    category: 'technical',
  },
  {
    id: 'content-creator',
    name: 'Content Creator',
    description: 'Complete 2 content tasks',
    target: 2,
    category: 'content',
  },
  { id: 'seo-pro', name: 'SEO Pro', description: 'Complete 5 tasks', target: 5 },
]

export interface BadgeProgress {
  id: BadgeId
  name: string
  description: string
  earned: boolean
  /** Completed tasks that count, capped at the target ("1 of 2"). */
  current: number
  target: number
}

export interface SeoProgress {
  points: number
  level: number
  totalTasks: number
  completedTasks: number
  inProgressTasks: number
  pendingTasks: number
  /** Whole percentages of all tasks, 0-100. */
  completedPercent: number
  inProgressPercent: number
  /** Points earned inside the current level, the points still needed, and that as a percentage. */
  levelPoints: number
  pointsToNextLevel: number
  nextLevelPercent: number
  badges: BadgeProgress[]
}

export type ProgressTask = Pick<SeoTask, 'status' | 'category' | 'points'>

const percent = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 100)

/** docs/product.md §9: points are the sum of completed tasks; level = floor(points / 100) + 1. */
export function computeProgress(tasks: readonly ProgressTask[]): SeoProgress {
  const completed = tasks.filter((t) => t.status === 'completed')
  const inProgressTasks = tasks.filter((t) => t.status === 'in-progress').length
  const points = completed.reduce((sum, t) => sum + t.points, 0)
  const levelPoints = points % POINTS_PER_LEVEL
  return {
    points,
    level: Math.floor(points / POINTS_PER_LEVEL) + 1,
    totalTasks: tasks.length,
    completedTasks: completed.length,
    inProgressTasks,
    pendingTasks: tasks.length - completed.length - inProgressTasks,
    completedPercent: percent(completed.length, tasks.length),
    inProgressPercent: percent(inProgressTasks, tasks.length),
    levelPoints,
    pointsToNextLevel: POINTS_PER_LEVEL - levelPoints,
    nextLevelPercent: percent(levelPoints, POINTS_PER_LEVEL),
    badges: BADGES.map((badge) => {
      const count = completed.filter(
        (t) => badge.category === undefined || t.category === badge.category,
      ).length
      return {
        id: badge.id,
        name: badge.name,
        description: badge.description,
        earned: count >= badge.target,
        current: Math.min(count, badge.target),
        target: badge.target,
      }
    }),
  }
}

/** Badges earned by `after` that `before` did not have, for the task-completed modal. */
export function newlyEarnedBadges(before: SeoProgress, after: SeoProgress): BadgeProgress[] {
  const had = new Set(before.badges.filter((b) => b.earned).map((b) => b.id))
  return after.badges.filter((b) => b.earned && !had.has(b.id))
}
