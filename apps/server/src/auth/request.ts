// Request-body parsing for /auth/v1: JSON only (400 bad_json), then a zod schema (400
// validation_failed). Unknown fields are ignored, as GoTrue does (docs/auth-api.md §1).
import type { Context } from 'hono'
import type { z } from 'zod'
import { badJson, validationFailed } from './errors.js'

export async function readJsonBody<Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
): Promise<z.output<Schema>> {
  const contentType = c.req.header('Content-Type') ?? ''
  if (!/^application\/json\b/i.test(contentType.trim())) {
    throw badJson('Request body must be JSON (Content-Type: application/json).')
  }
  // Read errors (body over the limit) propagate to the body-limit handling, not to bad_json.
  const text = await c.req.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw badJson('Could not parse request body as JSON.')
  }
  const result = schema.safeParse(body)
  if (!result.success) {
    const issue = result.error.issues[0]
    const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : ''
    throw validationFailed(`Invalid request body. ${where}${issue?.message ?? 'invalid value'}`)
  }
  return result.data
}
