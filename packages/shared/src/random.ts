// Seeded randomness for simulations (docs/house-rules.md "Deterministic simulation"): the same key always
// gives the same numbers, so a reload shows the same figures and tests can assert them.

/** A 32-bit FNV-1a hash of the key parts. */
function hashKey(parts: readonly (string | number)[]): number {
  let h = 0x811c9dc5
  for (const char of parts.join('\u241f')) {
    h ^= char.codePointAt(0) ?? 0
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

export interface Random {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number
  /** A float in [min, max). */
  float(min: number, max: number): number
  pick<T>(items: readonly T[]): T
}

/** mulberry32, seeded from the key: small, fast and well distributed for simulation use. */
export function seededRandom(...key: (string | number)[]): Random {
  let state = hashKey(key)
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max) => min + next() * (max - min),
    pick: <T>(items: readonly T[]) => {
      if (items.length === 0) throw new Error('pick() needs at least one item')
      return items[Math.floor(next() * items.length)] as T
    },
  }
}
