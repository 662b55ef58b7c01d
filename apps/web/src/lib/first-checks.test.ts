import { describe, expect, test } from 'vitest'
import { pollWhilePending } from './first-checks'

const query = (dataUpdateCount: number) => ({ state: { dataUpdateCount } })

describe('pollWhilePending', () => {
  test('reads every 2 s while pending, up to 45 reads from when it began to wait', () => {
    const q = query(3)
    expect(pollWhilePending(q, true)).toBe(2_000)
    q.state.dataUpdateCount = 47
    expect(pollWhilePending(q, true)).toBe(2_000)
    q.state.dataUpdateCount = 48
    expect(pollWhilePending(q, true)).toBe(false)
  })

  test('a later wait on the same screen gets its own 45 reads (issue 36 item 3)', () => {
    const q = query(60)
    expect(pollWhilePending(q, false)).toBe(false)
    // A keyword added after 60 reads: its check is a job, and the screen reads again until it lands.
    q.state.dataUpdateCount = 61
    expect(pollWhilePending(q, true)).toBe(2_000)
    q.state.dataUpdateCount = 100
    expect(pollWhilePending(q, true)).toBe(2_000)
  })
})
