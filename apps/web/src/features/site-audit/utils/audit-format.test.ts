import { describe, expect, test } from 'vitest'
import type { AuditIssue } from '@/lib/site-audit'
import { groupIssues, runStatusLabel } from './audit-format'

const issue = (
  id: string,
  severity: AuditIssue['severity'],
  category: AuditIssue['category'],
  pageCount = 1,
): AuditIssue => ({
  id,
  severity,
  category,
  title: id,
  explanation: '',
  fix: '',
  pageCount,
  pages: [],
  isNew: false,
  taskId: null,
})

describe('groupIssues', () => {
  test('groups by severity (critical first), then category (local first), most pages first', () => {
    const groups = groupIssues([
      issue('thin', 'warning', 'content'),
      issue('title', 'alert', 'content', 2),
      issue('h1', 'alert', 'content', 5),
      issue('schema', 'alert', 'local'),
      issue('broken', 'critical', 'indexability'),
    ])
    expect(
      groups.map((g) => [
        g.severity,
        g.count,
        g.categories.map((c) => [c.category, c.issues.map((i) => i.id)]),
      ]),
    ).toEqual([
      ['critical', 1, [['indexability', ['broken']]]],
      [
        'alert',
        3,
        [
          ['local', ['schema']],
          ['content', ['h1', 'title']],
        ],
      ],
      ['warning', 1, [['content', ['thin']]]],
    ])
  })

  test('no issues, no groups', () => {
    expect(groupIssues([])).toEqual([])
  })
})

test('a run that stopped early says so', () => {
  expect(runStatusLabel({ status: 'done', endReason: 'budget' })).toBe('Done (page budget reached)')
  expect(runStatusLabel({ status: 'cancelled', endReason: 'cancelled' })).toBe(
    'Cancelled (partial results)',
  )
  expect(runStatusLabel({ status: 'running', endReason: null })).toBe('Running')
})
