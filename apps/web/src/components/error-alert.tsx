import { CircleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { Alert, AlertDescription } from '@/components/ui/alert'

/**
 * The one way to show a failure inside a card or a form (docs/web-conventions.md "Errors"): a
 * load that failed, an action that was refused. Announced as it appears; nothing when there is no
 * message. A single field's problem goes under the field (FormField `error`); a failed action with
 * no place on screen is a toast.
 */
export function ErrorAlert({
  children,
  id,
  className,
}: {
  children?: ReactNode
  id?: string
  className?: string
}) {
  if (children === null || children === undefined || children === false || children === '')
    return null
  return (
    <Alert variant="destructive" role="alert" id={id} className={className}>
      <CircleAlert aria-hidden="true" />
      <AlertDescription>{children}</AlertDescription>
    </Alert>
  )
}
