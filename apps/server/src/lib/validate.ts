// zod at every /api boundary; failures become one 422 with the issues listed (docs/house-rules.md).
import { zValidator } from '@hono/zod-validator'
import type { ValidationTargets } from 'hono'
import type { ZodType, z } from 'zod'
import { AppError } from './errors.js'

function validationFailed(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[]
}): AppError {
  const issues = error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }))
  return new AppError('validation_failed', 'Some fields are missing or invalid.', issues)
}

/** Any zod 4 schema: classic, or zod/mini for a contract the web's first screen imports (ADR 019). */
export function validate<Target extends keyof ValidationTargets, Schema extends z.core.$ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw validationFailed(result.error)
  })
}

/** The same 422 for a check that needs saved data first (a location's change within its country). */
export function parseOrFail<Schema extends ZodType>(
  schema: Schema,
  value: unknown,
): z.output<Schema> {
  const result = schema.safeParse(value)
  if (!result.success) throw validationFailed(result.error)
  return result.data
}
