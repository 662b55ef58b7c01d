// Keywords written without their first position (the default keywords of a new business or
// location) get it from a job on the server a moment later (issue 30 item 8): a screen that shows
// one as not checked yet reads again every few seconds for a while, so the position appears without
// a reload. A check the provider put off (its daily budget) is not waited for forever.
const POLL_MS = 2_000
const MAX_READS = 45

/** A query's refetchInterval while `pending`: every 2 s, up to 45 reads (about a minute and a half). */
export function whileFirstChecksPending(pending: boolean, reads: number): number | false {
  return pending && reads < MAX_READS ? POLL_MS : false
}

/** The query's read count when it first answered pending, per query (a Query object). */
const pendingFrom = new WeakMap<object, number>()

/**
 * As `whileFirstChecksPending`, the 45 reads counted from when the query began to answer pending:
 * since a tracked or analysed keyword's check and a planner search's figures are jobs too (issue 36
 * item 3), a screen open for a while waits again for each, not only until its first 45 reads.
 */
export function pollWhilePending(
  query: { state: { dataUpdateCount: number } },
  pending: boolean,
): number | false {
  const reads = query.state.dataUpdateCount
  if (!pending) {
    pendingFrom.delete(query)
    return false
  }
  const from = pendingFrom.get(query) ?? reads
  pendingFrom.set(query, from)
  return whileFirstChecksPending(true, reads - from)
}
