import { LoaderCircle, MailCheck } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { OneTimeCodeInput } from '@/components/one-time-code-input'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { authMessages, useAuth } from '@/lib/auth'
import { StepCard, TextButton } from './step-card'

/** 'Forgot password?': asks for the email, then says the same thing whether or not it has an account. */
export function ForgotPasswordCard({
  onBack,
  initialEmail = '',
}: {
  onBack: () => void
  initialEmail?: string
}) {
  const {
    status,
    error: codeError,
    requestPasswordReset,
    verifyRecoveryCode,
    clearError,
  } = useAuth()
  const [email, setEmail] = useState(initialEmail)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [code, setCode] = useState('')
  const ids = { email: useId(), error: useId(), code: useId() }

  async function handleCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!sentTo) return
    try {
      await verifyRecoveryCode(sentTo, code)
      // Success: the 'Set a new password' screen takes over.
    } catch {
      setCode('') // the store holds the message shown above
    }
  }

  function askAgain() {
    clearError()
    setCode('')
    setSentTo(null)
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setSending(true)
    setError(null)
    try {
      await requestPasswordReset(email.trim())
      setSentTo(email.trim())
    } catch (failure) {
      setError(
        failure instanceof Error && failure.message ? failure.message : authMessages.sendFailed,
      )
    } finally {
      setSending(false)
    }
  }

  if (sentTo) {
    return (
      <StepCard
        key="sent"
        title="Check your email"
        description="Follow the link in the email to set a new password."
        error={codeError}
        errorId={ids.error}
      >
        <div role="status" className="flex gap-3 rounded-lg border bg-accent/60 p-4 text-sm">
          <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <p>
            If an account exists for <strong className="break-all">{sentTo}</strong>, it will get an
            email with a link to set a new password. The link works once and expires in 1 hour.
          </p>
        </div>
        <form
          aria-label="Recovery code"
          className="flex flex-col gap-3 border-t pt-4"
          onSubmit={(event) => void handleCode(event)}
          aria-busy={status === 'loading'}
          aria-describedby={codeError ? ids.error : undefined}
        >
          <p className="text-sm text-muted-foreground">
            Reading your email on another device? Enter the 6-digit code from the email here
            instead.
          </p>
          <div className="flex flex-wrap items-end gap-3">
            <div className="flex flex-col gap-2">
              <Label htmlFor={ids.code}>6-digit code</Label>
              <OneTimeCodeInput id={ids.code} name="code" value={code} onValueChange={setCode} />
            </div>
            <Button type="submit" variant="outline" disabled={status === 'loading'}>
              {status === 'loading' ? 'Checking...' : 'Continue'}
            </Button>
          </div>
        </form>
        <p className="text-sm text-muted-foreground">
          Nothing there after a few minutes? Look in your spam folder, or ask for another link.
        </p>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TextButton onClick={onBack}>Back to Log In</TextButton>
          <TextButton onClick={askAgain}>Send another link</TextButton>
        </div>
      </StepCard>
    )
  }

  return (
    <StepCard
      key="ask"
      title="Reset your password"
      description="Enter the email address you log in with, and we will email you a link to set a new password."
      error={error}
      errorId={ids.error}
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => void handleSubmit(event)}
        aria-busy={sending}
        aria-describedby={error ? ids.error : undefined}
      >
        <div className="flex flex-col gap-2">
          <Label htmlFor={ids.email}>Email Address</Label>
          <Input
            id={ids.email}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <Button type="submit" className="w-full" disabled={sending}>
          {sending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          {sending ? 'Sending...' : 'Email me a reset link'}
        </Button>
      </form>
      <p className="text-center">
        <TextButton onClick={onBack}>Back to Log In</TextButton>
      </p>
    </StepCard>
  )
}
