import { LoaderCircle } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { OneTimeCodeInput } from '@/components/one-time-code-input'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { authMessages, useAuth } from '@/lib/auth'
import { StepCard, TextButton } from './step-card'

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : authMessages.sendFailed
}

/** 'Email me a sign-in code': the email address, then the 6-digit code from the email. */
export function EmailCodeCard({
  onBack,
  initialEmail = '',
}: {
  onBack: () => void
  initialEmail?: string
}) {
  const { status, error: signInError, verifyEmailCode, sendEmailCode, clearError } = useAuth()
  const [email, setEmail] = useState(initialEmail)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [code, setCode] = useState('')
  const [sending, setSending] = useState(false)
  const [sendError, setSendError] = useState<string | null>(null)
  const [resent, setResent] = useState(false)
  const ids = { email: useId(), code: useId(), error: useId(), hint: useId() }

  async function send(address: string) {
    setSending(true)
    setSendError(null)
    clearError()
    try {
      await sendEmailCode(address)
      return true
    } catch (failure) {
      setSendError(messageOf(failure))
      return false
    } finally {
      setSending(false)
    }
  }

  async function handleEmail(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const address = email.trim()
    if (await send(address)) setSentTo(address)
  }

  async function handleResend() {
    if (!sentTo) return
    setResent(false)
    if (await send(sentTo)) setResent(true)
  }

  async function handleCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!sentTo) return
    setResent(false)
    try {
      await verifyEmailCode(sentTo, code)
      // Success: the landing route opens the app, or the two-factor step takes over.
    } catch {
      setCode('') // the store holds the message shown above the form
    }
  }

  function useAnotherEmail() {
    clearError()
    setSendError(null)
    setResent(false)
    setCode('')
    setSentTo(null)
  }

  if (!sentTo) {
    return (
      <StepCard
        key="email"
        title="Sign in with a code"
        description="We will email you a 6-digit code, so you can log in without your password."
        error={sendError}
        errorId={ids.error}
      >
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => void handleEmail(event)}
          aria-busy={sending}
          aria-describedby={sendError ? ids.error : undefined}
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
            {sending ? 'Sending...' : 'Email me a code'}
          </Button>
        </form>
        <p className="text-center">
          <TextButton onClick={onBack}>Back to Log In</TextButton>
        </p>
      </StepCard>
    )
  }

  const verifying = status === 'loading'
  const error = signInError ?? sendError
  return (
    <StepCard
      key="code"
      title="Enter your sign-in code"
      description={
        <>
          If an account exists for <strong className="break-all">{sentTo}</strong>, we have emailed
          it a 6-digit code. The code works once and expires in 1 hour.
        </>
      }
      error={error}
      errorId={ids.error}
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => void handleCode(event)}
        aria-busy={verifying}
        aria-describedby={error ? ids.error : undefined}
      >
        <div className="flex flex-col gap-2">
          <Label htmlFor={ids.code}>6-digit code</Label>
          <OneTimeCodeInput
            id={ids.code}
            name="code"
            value={code}
            onValueChange={setCode}
            aria-describedby={ids.hint}
          />
          <p id={ids.hint} className="text-xs text-muted-foreground">
            The code is in the email from LocalSEO AI.
          </p>
        </div>
        <Button type="submit" className="w-full" disabled={verifying}>
          {verifying ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          {verifying ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      {resent ? (
        <p role="status" className="text-sm text-success">
          A new code is on its way. Use the newest email.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <TextButton onClick={() => void handleResend()}>
          {sending ? 'Sending...' : 'Send a new code'}
        </TextButton>
        <TextButton onClick={useAnotherEmail}>Use a different email</TextButton>
      </div>
      <p className="text-center">
        <TextButton onClick={onBack}>Back to Log In</TextButton>
      </p>
    </StepCard>
  )
}
