// Look-ups keyed by user input: a plain object literal inherits `constructor`, `toString` and
// `__proto__` from Object.prototype, so `TABLE[key]` with a hostile key finds a function instead of
// nothing. Only a table's own keys count.

/** The value stored under `key` in `table` itself, or undefined (never an inherited member). */
export function ownValue<Value>(
  table: Readonly<Record<string, Value>>,
  key: string,
): Value | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined
}
