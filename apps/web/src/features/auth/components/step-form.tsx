import { LoaderCircle } from 'lucide-react'
import { useId, type FormEvent, type ReactNode } from 'react'
import { OneTimeCodeInput } from '@/components/one-time-code-input'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/utils'

/** The form of a sign-in step: busy while it works, and described by the step's error when shown. */
export function StepForm({
  onSubmit,
  busy,
  error,
  errorId,
  className = 'flex flex-col gap-4',
  'aria-label': ariaLabel,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>
  busy: boolean
  error?: string | null
  errorId: string
  className?: string
  'aria-label'?: string
  children: ReactNode
}) {
  return (
    <form
      aria-label={ariaLabel}
      className={className}
      onSubmit={(event) => void onSubmit(event)}
      aria-busy={busy}
      aria-describedby={error ? errorId : undefined}
    >
      {children}
    </form>
  )
}

/** The full-width submit button of a step, with a spinner and its busy label while it works. */
export function SubmitButton({
  busy,
  busyLabel,
  className,
  children,
}: {
  busy: boolean
  busyLabel: string
  className?: string
  children: ReactNode
}) {
  return (
    <Button type="submit" className={cn(className, 'w-full')} disabled={busy}>
      {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
      {busy ? busyLabel : children}
    </Button>
  )
}

/** 'Email Address', as every way in asks for it. */
export function EmailField({
  value,
  onChange,
}: {
  value: string
  onChange: (email: string) => void
}) {
  const id = useId()
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Email Address</Label>
      <Input
        id={id}
        name="email"
        type="email"
        autoComplete="email"
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  )
}

/** The '6-digit code' field, with a hint below it when the step gives one. */
export function CodeField({
  value,
  onChange,
  hint,
}: {
  value: string
  onChange: (code: string) => void
  hint?: ReactNode
}) {
  const ids = { code: useId(), hint: useId() }
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={ids.code}>6-digit code</Label>
      <OneTimeCodeInput
        id={ids.code}
        name="code"
        value={value}
        onValueChange={onChange}
        aria-describedby={hint ? ids.hint : undefined}
      />
      {hint ? (
        <p id={ids.hint} className="flex items-center gap-1.5 text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  )
}
