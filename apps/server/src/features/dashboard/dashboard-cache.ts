// The dashboard's database reads kept in memory per business, location and day (issue 19 item 4,
// docs/decisions/019-compressed-assets-and-preloading.md "The dashboard's reads"). An entry is used
// only while the business's dashboard version (db/schema/dashboard-versions.ts), read in the same
// statement as the business on every request, is the one it was computed at: any committed write
// to the tables the dashboard reads changes the version, on this instance or another.

/** Entries kept: the least recently used goes first. About 2-4 KB each. */
const MAX_ENTRIES = 1000

export interface DashboardCache<Reads> {
  get(key: string, version: number): Reads | undefined
  /** Keeps `reads`, computed from data at least as new as `version`. */
  set(key: string, version: number, reads: Reads): void
}

export function createDashboardCache<Reads>(maxEntries = MAX_ENTRIES): DashboardCache<Reads> {
  const entries = new Map<string, { version: number; reads: Reads }>()
  return {
    get(key, version) {
      const entry = entries.get(key)
      if (!entry) return undefined
      entries.delete(key)
      if (entry.version !== version) return undefined
      entries.set(key, entry)
      return entry.reads
    },
    set(key, version, reads) {
      entries.delete(key)
      entries.set(key, { version, reads })
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string)
    },
  }
}
