// At most `active` requests inside the app at once; the others wait their turn in the order they
// came (docs/decisions/054-requests-admitted-in-order.md). Without it every request's queries and
// callbacks interleave with all the others', so under 200 connections a request of many steps
// waited behind each of them once per step. A freed place passes to the next in line on a later
// turn of the event loop, never in the same one: Node accepts one new connection per turn, and on
// the embedded database a request runs start to end without yielding, so a queue drained in one
// turn kept new connections waiting for seconds.
import type { MiddlewareHandler } from 'hono'

export type Admission = {
  middleware: MiddlewareHandler
  /** Requests inside the app now, with those whose turn has come and starts next. */
  active: () => number
  /** Requests waiting for their turn. */
  waiting: () => number
}

export function admitInOrder(places: number): Admission {
  let taken = 0
  const line: (() => void)[] = []

  /** Resolves when the request may go in: at once while a place is free and nobody waits. */
  function turn(): Promise<void> | undefined {
    if (taken < places && line.length === 0) {
      taken++
      return undefined
    }
    return new Promise((resolve) => line.push(resolve))
  }

  /** The place goes to the first in line, which keeps it taken, on the event loop's next turn. */
  function leave() {
    const next = line.shift()
    if (next) setImmediate(next)
    else taken--
  }

  return {
    middleware: async (c, next) => {
      const wait = turn()
      if (wait) await wait
      try {
        // A client that left while waiting gets nothing done for it: its answer has nowhere to go.
        if (c.req.raw.signal.aborted) return new Response(null, { status: 499 })
        await next()
      } finally {
        leave()
      }
    },
    active: () => taken,
    waiting: () => line.length,
  }
}
