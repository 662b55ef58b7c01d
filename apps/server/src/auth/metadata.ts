// User metadata (`data` at sign-up and PUT /user) is the owner's own JSON, kept as sent (GoTrue's
// raw_user_meta_data). It is bounded so that no account can store megabytes, nest thousands deep,
// or make its own access tokens too large to send (docs/decisions/012-input-guard.md).
import { MAX_FULL_NAME_LENGTH } from '@localseo/shared/account'
import { z } from 'zod'

/** Serialized size of the whole metadata object, as GoTrue's clients expect of it. */
export const MAX_METADATA_BYTES = 16 * 1024
const MAX_METADATA_DEPTH = 8
const MAX_METADATA_KEYS = 200
/** The budget for the copy of the metadata inside each access token (tokens stay under 4 KB). */
export const TOKEN_METADATA_BYTES = 1024

type Json = Record<string, unknown>

const byteLength = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? '')

function shape(root: unknown): { depth: number; keys: number } {
  let depth = 0
  let keys = 0
  const stack: { value: unknown; level: number }[] = [{ value: root, level: 0 }]
  for (let item = stack.pop(); item; item = stack.pop()) {
    if (item.value === null || typeof item.value !== 'object') continue
    depth = Math.max(depth, item.level + 1)
    const children = Object.values(item.value)
    if (!Array.isArray(item.value)) keys += children.length
    for (const child of children) stack.push({ value: child, level: item.level + 1 })
  }
  return { depth, keys }
}

/** Why `metadata` is out of bounds, or undefined when it may be stored. */
export function metadataProblem(metadata: Json): string | undefined {
  const fullName = metadata.full_name
  if (typeof fullName === 'string' && fullName.length > MAX_FULL_NAME_LENGTH) {
    return `full_name must be at most ${MAX_FULL_NAME_LENGTH} characters`
  }
  if (byteLength(metadata) > MAX_METADATA_BYTES) {
    return `user metadata must be at most ${MAX_METADATA_BYTES / 1024} KB of JSON`
  }
  const { depth, keys } = shape(metadata)
  if (depth > MAX_METADATA_DEPTH) {
    return `user metadata must not be nested more than ${MAX_METADATA_DEPTH} deep`
  }
  if (keys > MAX_METADATA_KEYS) return `user metadata must have at most ${MAX_METADATA_KEYS} keys`
  return undefined
}

/** The request field: an object whose own bounds are checked before anything is written. */
export const metadataField = z.record(z.string(), z.unknown()).superRefine((metadata, ctx) => {
  const problem = metadataProblem(metadata)
  if (problem) ctx.addIssue({ code: 'custom', message: problem })
})

/** PUT /user `data`: merged key-wise, a null value deletes the key (docs/auth-api.md §3). */
export function mergeMetadata(current: Json, patch: Json): Json {
  // fromEntries defines own properties, so a `__proto__` key stays a key, not a prototype.
  return Object.fromEntries([
    ...Object.entries(current).filter(([key]) => !Object.hasOwn(patch, key)),
    ...Object.entries(patch).filter(([, value]) => value !== null),
  ])
}

/**
 * The metadata copied into an access token: all of it when small, else the short top-level values
 * that fit the budget. The full object is always in the user response (GET /user).
 */
export function tokenMetadata(metadata: Json): Json {
  if (byteLength(metadata) <= TOKEN_METADATA_BYTES) return metadata
  const kept: [string, unknown][] = []
  let size = 2
  for (const [key, value] of Object.entries(metadata)) {
    if (value !== null && typeof value === 'object') continue
    const entry = byteLength(key) + byteLength(value) + 2
    if (size + entry > TOKEN_METADATA_BYTES) continue
    kept.push([key, value])
    size += entry
  }
  return Object.fromEntries(kept)
}
