import { cloneElement, useId, type ReactElement, type ReactNode } from 'react'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'

export interface FormFieldProps {
  label: string
  required?: boolean
  error?: string
  hint?: ReactNode
  className?: string
  /** The input or select; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<{
    id?: string
    'aria-invalid'?: boolean
    'aria-describedby'?: string
    'aria-required'?: boolean
  }>
}

/** A label, its control and the field's message, wired together for screen readers. */
export function FormField({ label, required, error, hint, className, children }: FormFieldProps) {
  const id = useId()
  const messageId = `${id}-message`
  const hintId = `${id}-hint`
  const describedBy = [error ? messageId : null, hint ? hintId : null].filter(Boolean).join(' ')
  return (
    <div className={cn('flex min-w-0 flex-col gap-2', className)}>
      {/* The asterisk sits outside the label, so the field's accessible name is the label alone. */}
      <div className="flex items-center gap-1">
        <Label htmlFor={id}>{label}</Label>
        {required ? (
          <span aria-hidden="true" className="text-sm leading-none text-destructive">
            *
          </span>
        ) : null}
      </div>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
        'aria-required': required || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={messageId} className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  )
}
