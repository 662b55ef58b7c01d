import { MailCheck } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { useAuth } from '@/lib/auth'
import { useEmailRequest } from '../utils/use-email-request'
import { EmailRequestStep } from './email-request-step'
import { StepCard, TextButton } from './step-card'
import { CodeField, StepForm } from './step-form'

/** The state of 'Forgot password?': the address, where the link went, and the recovery code. */
function usePasswordRecovery(initialEmail: string) {
  const {
    status,
    error: codeError,
    requestPasswordReset,
    verifyRecoveryCode,
    clearError,
  } = useAuth()
  const [email, setEmail] = useState(initialEmail)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [code, setCode] = useState('')
  const request = useEmailRequest(requestPasswordReset)
  const errorId = useId()

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

  return {
    email,
    setEmail,
    sentTo,
    setSentTo,
    code,
    setCode,
    request,
    errorId,
    checking: status === 'loading',
    codeError,
    handleCode,
    askAgain,
  }
}

type PasswordRecovery = ReturnType<typeof usePasswordRecovery>

/** 'Forgot password?': asks for the email, then says the same thing whether or not it has an account. */
export function ForgotPasswordCard({
  onBack,
  initialEmail = '',
}: {
  onBack: () => void
  initialEmail?: string
}) {
  const recovery = usePasswordRecovery(initialEmail)

  if (recovery.sentTo) {
    return <LinkSentStep key="sent" recovery={recovery} sentTo={recovery.sentTo} onBack={onBack} />
  }

  return (
    <EmailRequestStep
      key="ask"
      title="Reset your password"
      description="Enter the email address you log in with, and we will email you a link to set a new password."
      submitLabel="Email me a reset link"
      email={recovery.email}
      onEmailChange={recovery.setEmail}
      request={recovery.request}
      onSent={recovery.setSentTo}
      onBack={onBack}
    />
  )
}

/** 'Check your email': the link is on its way, or the 6-digit code from it can be typed here. */
function LinkSentStep({
  recovery,
  sentTo,
  onBack,
}: {
  recovery: PasswordRecovery
  sentTo: string
  onBack: () => void
}) {
  const { checking, codeError, errorId } = recovery
  return (
    <StepCard
      title="Check your email"
      description="Follow the link in the email to set a new password."
      error={codeError}
      errorId={errorId}
    >
      <div role="status" className="flex gap-3 rounded-lg border bg-accent/60 p-4 text-sm">
        <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <p>
          If an account exists for <strong className="break-all">{sentTo}</strong>, it will get an
          email with a link to set a new password. The link works once and expires in 1 hour.
        </p>
      </div>
      <StepForm
        aria-label="Recovery code"
        className="flex flex-col gap-3 border-t pt-4"
        onSubmit={recovery.handleCode}
        busy={checking}
        error={codeError}
        errorId={errorId}
      >
        <p className="text-sm text-muted-foreground">
          Reading your email on another device? Enter the 6-digit code from the email here instead.
        </p>
        <div className="flex flex-wrap items-end gap-3">
          <CodeField value={recovery.code} onChange={recovery.setCode} />
          <Button type="submit" variant="outline" disabled={checking}>
            {checking ? 'Checking...' : 'Continue'}
          </Button>
        </div>
      </StepForm>
      <p className="text-sm text-muted-foreground">
        Nothing there after a few minutes? Look in your spam folder, or ask for another link.
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <TextButton onClick={onBack}>Back to Log In</TextButton>
        <TextButton onClick={recovery.askAgain}>Send another link</TextButton>
      </div>
    </StepCard>
  )
}
