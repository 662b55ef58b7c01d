// What a route answers, held to its schema in packages/shared (issue 30 item 7): the web app parses
// the same schema, so a field the server adds, drops or retypes fails here before it fails a screen.
import { expect } from 'vitest'
import { prettifyError, safeParse, type $ZodType, type output } from 'zod/v4/core'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/** Where the parse and the answer differ: a key only one of them has, at any depth. */
function differences(parsed: unknown, body: unknown, path = '$'): string[] {
  if (!isRecord(parsed) || !isRecord(body)) return []
  const keys = new Set([...Object.keys(parsed), ...Object.keys(body)])
  return [...keys].flatMap((key) => {
    const at = Array.isArray(body) ? `${path}[${key}]` : `${path}.${key}`
    if (!(key in parsed)) return [`${at}: answered, but not in the schema`]
    if (!(key in body)) return [`${at}: not answered (the schema's default filled it in)`]
    return differences(parsed[key], body[key], at)
  })
}

/**
 * Parses `body` with `schema` and answers the parse. zod drops the keys an object does not declare
 * and fills in defaults, so the parse equals the body only when the answer has no field the schema
 * does not describe, at any depth, and none is missing that a default would hide: in effect a
 * `.strict()` check on every object, while the browser's parse stays lenient to a field a newer
 * server adds.
 */
export function expectShape<S extends $ZodType>(
  schema: S,
  body: unknown,
  label = 'the answer',
): output<S> {
  const parsed = safeParse(schema, body)
  if (!parsed.success) {
    throw new Error(`${label} does not match its schema:\n${prettifyError(parsed.error)}`)
  }
  const outside = differences(parsed.data, body)
  if (outside.length > 0) {
    throw new Error(`${label} does not match its schema:\n${outside.join('\n')}`)
  }
  expect(parsed.data, `${label}: the parse changed a value`).toEqual(body)
  return parsed.data
}
