import { describe, expect, test } from 'vitest'
import {
  canTransition,
  computeProgress,
  newlyEarnedBadges,
  statusesAllowedBefore,
  transitionRefusal,
  type ProgressTask,
  type TaskCategory,
} from './progress.js'

const done = (category: TaskCategory, points = 10): ProgressTask => ({
  status: 'completed',
  category,
  points,
})
const open = (status: 'pending' | 'in-progress', points = 50): ProgressTask => ({
  status,
  category: 'content',
  points,
})
const earned = (tasks: ProgressTask[]) =>
  computeProgress(tasks)
    .badges.filter((b) => b.earned)
    .map((b) => b.name)

describe('transitions (docs/product.md §4)', () => {
  test('pending may start or complete; in progress may only complete; completed is final', () => {
    expect(canTransition('pending', 'in-progress')).toBe(true)
    expect(canTransition('pending', 'completed')).toBe(true)
    expect(canTransition('in-progress', 'completed')).toBe(true)
    expect(canTransition('in-progress', 'pending')).toBe(false)
    expect(canTransition('in-progress', 'in-progress')).toBe(false)
    expect(canTransition('completed', 'pending')).toBe(true)
    expect(canTransition('completed', 'in-progress')).toBe(false)
    expect(canTransition('completed', 'completed')).toBe(false)
    expect(canTransition('pending', 'pending')).toBe(false)
    expect(statusesAllowedBefore('completed')).toEqual(['pending', 'in-progress'])
    expect(statusesAllowedBefore('in-progress')).toEqual(['pending'])
    expect(statusesAllowedBefore('pending')).toEqual(['completed'])
  })

  test('refusals say why in plain words', () => {
    expect(transitionRefusal('completed', 'completed')).toBe('This task is already completed.')
    expect(transitionRefusal('in-progress', 'in-progress')).toBe(
      'This task is already in progress.',
    )
    expect(transitionRefusal('in-progress', 'pending')).toBe(
      'A task that is in progress cannot go back to pending.',
    )
  })
})

describe('points and levels (docs/product.md §9)', () => {
  test('points count completed tasks only', () => {
    const progress = computeProgress([
      done('technical', 50),
      open('in-progress', 75),
      open('pending'),
    ])
    expect(progress.points).toBe(50)
    expect(progress.level).toBe(1)
    expect(progress.completedTasks).toBe(1)
    expect(progress.inProgressTasks).toBe(1)
    expect(progress.pendingTasks).toBe(1)
    expect(progress.completedPercent).toBe(33)
    expect(progress.inProgressPercent).toBe(33)
  })

  test.each([
    [0, 1, 0, 100],
    [99, 1, 99, 1],
    [100, 2, 0, 100],
    [150, 2, 50, 50],
    [199, 2, 99, 1],
    [200, 3, 0, 100],
    [440, 5, 40, 60],
  ])('%i points is level %i with %i points into it and %i to go', (points, level, into, toGo) => {
    const progress = computeProgress([done('content', points)])
    expect(progress.level).toBe(level)
    expect(progress.levelPoints).toBe(into)
    expect(progress.pointsToNextLevel).toBe(toGo)
    expect(progress.nextLevelPercent).toBe(into)
  })

  test('all nine seed tasks completed is 410 points, level 5', () => {
    const points = [50, 75, 50, 40, 60, 45, 35, 30, 25]
    const progress = computeProgress(points.map((p) => done('reputation', p)))
    expect(progress.points).toBe(410)
    expect(progress.level).toBe(5)
  })

  test('no tasks: level 1, nothing to divide by', () => {
    const progress = computeProgress([])
    expect(progress).toMatchObject({
      points: 0,
      level: 1,
      completedPercent: 0,
      inProgressPercent: 0,
    })
    expect(progress.badges.every((b) => !b.earned && b.current === 0)).toBe(true)
  })
})

describe('badges (docs/product.md §9), each at its threshold', () => {
  test('SEO Beginner needs 1 completed task; a started one does not count', () => {
    expect(earned([open('in-progress')])).toEqual([])
    expect(earned([done('reputation')])).toEqual(['SEO Beginner'])
  })

  test('Local Hero needs 1 completed listings task', () => {
    expect(earned([done('reputation')])).not.toContain('Local Hero')
    expect(earned([done('listings')])).toContain('Local Hero')
  })

  test('Technical Expert needs 2 completed technical tasks', () => {
    expect(earned([done('technical')])).not.toContain('Technical Expert')
    expect(earned([done('technical'), done('technical')])).toContain('Technical Expert')
  })

  test('Content Creator needs 2 completed content tasks', () => {
    expect(earned([done('content'), done('technical')])).not.toContain('Content Creator')
    expect(earned([done('content'), done('content')])).toContain('Content Creator')
  })

  test('SEO Pro needs 5 completed tasks of any category', () => {
    const four = [done('content'), done('technical'), done('listings'), done('reputation')]
    expect(earned(four)).not.toContain('SEO Pro')
    expect(earned([...four, done('reputation')])).toContain('SEO Pro')
  })

  test('locked badges report how far along they are, capped at the target', () => {
    const badges = computeProgress([
      done('technical'),
      done('content'),
      done('content'),
      done('content'),
    ]).badges
    expect(badges.find((b) => b.id === 'technical-expert')).toMatchObject({
      earned: false,
      current: 1,
      target: 2,
    })
    expect(badges.find((b) => b.id === 'content-creator')).toMatchObject({
      earned: true,
      current: 2,
    })
  })

  test('newly earned badges are those the later progress has and the earlier lacks', () => {
    const before = computeProgress([done('technical')])
    const after = computeProgress([done('technical'), done('technical')])
    expect(newlyEarnedBadges(before, after).map((b) => b.name)).toEqual(['Technical Expert'])
    expect(newlyEarnedBadges(after, after)).toEqual([])
  })
})
