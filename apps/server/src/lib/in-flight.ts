// Requests still being handled, so a shutdown closes the database only after the last one ends: a
// client that hangs up mid-request (a load test ending, a closed tab) closes its socket at once, and
// server.close() no longer waits for its handler.
export function trackInFlight<Args extends unknown[]>(
  handle: (...args: Args) => Response | Promise<Response>,
) {
  let count = 0
  const waiters: (() => void)[] = []
  const settle = () => {
    count--
    if (count === 0) for (const resolve of waiters.splice(0)) resolve()
  }
  return {
    fetch: async (...args: Args) => {
      count++
      try {
        return await handle(...args)
      } finally {
        settle()
      }
    },
    /** Resolves when no handler is running (at once when none is). */
    drained: () =>
      count === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)),
  }
}
