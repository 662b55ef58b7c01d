import { describe, expect, test } from 'vitest'
import { activeMenuKey } from './paths'

describe('the active menu entry', () => {
  test('comes from the first path segment', () => {
    expect(activeMenuKey('/keyword-planner')).toBe('keywordPlanner')
    expect(activeMenuKey('/rank-tracker/some/deeper/path')).toBe('rankTracker')
    expect(activeMenuKey('/settings/')).toBe('settings')
    // The site audit lives under the dashboard, which stays the active entry.
    expect(activeMenuKey('/dashboard/audit')).toBe('dashboard')
  })

  test('defaults to SEO Recommendations', () => {
    expect(activeMenuKey('/')).toBe('recommendations')
    expect(activeMenuKey('/somewhere-else')).toBe('recommendations')
  })

  test('none on the Methods page, which every screen links to', () => {
    expect(activeMenuKey('/methods')).toBeNull()
  })

  test('Rank Tracker on the Competitors page, reached from the Rank Tracker and its geo-grid', () => {
    expect(activeMenuKey('/competitors')).toBe('rankTracker')
  })
})
