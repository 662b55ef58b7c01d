// Puts the field messages of a 422 answer next to their inputs (docs/house-rules.md "One error shape").
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { ApiError } from '@/lib/api-error'

export function applyServerIssues<Values extends FieldValues>(
  error: unknown,
  fields: ReadonlyArray<Path<Values>>,
  setError: UseFormSetError<Values>,
): void {
  if (!(error instanceof ApiError)) return
  for (const issue of error.issues) {
    const field = fields.find((name) => name === issue.path)
    if (field) setError(field, { type: 'server', message: issue.message })
  }
}
