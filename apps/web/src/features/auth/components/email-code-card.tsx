import { useId, useState, type FormEvent } from 'react'
import { useAuth } from '@/lib/auth'
import { useEmailRequest } from '../utils/use-email-request'
import { EmailRequestStep } from './email-request-step'
import { StepCard, TextButton } from './step-card'
import { CodeField, StepForm, SubmitButton } from './step-form'

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
  const [resent, setResent] = useState(false)
  const request = useEmailRequest(async (address) => {
    clearError()
    await sendEmailCode(address)
  })
  const errorId = useId()

  async function handleResend() {
    if (!sentTo) return
    setResent(false)
    if (await request.send(sentTo)) setResent(true)
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
    request.clearError()
    setResent(false)
    setCode('')
    setSentTo(null)
  }

  if (!sentTo) {
    return (
      <EmailRequestStep
        key="email"
        title="Sign in with a code"
        description="We will email you a 6-digit code, so you can log in without your password."
        submitLabel="Email me a code"
        email={email}
        onEmailChange={setEmail}
        request={request}
        onSent={setSentTo}
        onBack={onBack}
      />
    )
  }

  const verifying = status === 'loading'
  const error = signInError ?? request.error
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
      errorId={errorId}
    >
      <StepForm onSubmit={handleCode} busy={verifying} error={error} errorId={errorId}>
        <CodeField
          value={code}
          onChange={setCode}
          hint="The code is in the email from LocalSEO AI."
        />
        <SubmitButton busy={verifying} busyLabel="Signing in...">
          Sign In
        </SubmitButton>
      </StepForm>
      {resent ? (
        <p role="status" className="text-sm text-success">
          A new code is on its way. Use the newest email.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <TextButton onClick={() => void handleResend()}>
          {request.sending ? 'Sending...' : 'Send a new code'}
        </TextButton>
        <TextButton onClick={useAnotherEmail}>Use a different email</TextButton>
      </div>
      <p className="text-center">
        <TextButton onClick={onBack}>Back to Log In</TextButton>
      </p>
    </StepCard>
  )
}
