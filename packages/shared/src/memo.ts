/**
 * A small bounded memo for pure functions of a string that a request calls many times with the same
 * few values (a business's own terms, its profile's address and phone against every listing). The
 * oldest entry goes first past `limit`.
 */
export function boundedMemo<T>(limit: number) {
  const entries = new Map<string, T>()
  return (key: string, make: () => T): T => {
    let value = entries.get(key)
    if (value === undefined) {
      value = make()
      if (entries.size >= limit) entries.delete(entries.keys().next().value ?? '')
      entries.set(key, value)
    }
    return value
  }
}
