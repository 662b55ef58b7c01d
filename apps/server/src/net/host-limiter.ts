// Politeness for the safe fetcher: at most `limit` requests in flight per host, the rest in order.
/** At most `limit` requests in flight per host; the rest wait in order. */
export function hostLimiter(limit: number) {
  const hosts = new Map<string, { active: number; waiting: (() => void)[] }>()
  return async function acquire(host: string): Promise<() => void> {
    let state = hosts.get(host)
    if (!state) {
      state = { active: 0, waiting: [] }
      hosts.set(host, state)
    }
    const entry = state
    if (entry.active >= limit) await new Promise<void>((wake) => entry.waiting.push(wake))
    else entry.active += 1
    let released = false
    return () => {
      if (released) return
      released = true
      const next = entry.waiting.shift()
      if (next) next()
      else if (--entry.active === 0) hosts.delete(host)
    }
  }
}
