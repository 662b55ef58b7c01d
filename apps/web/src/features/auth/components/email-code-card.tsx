import { useId, useState, type FormEvent } from 'react'
import { useAuth } from '@/lib/auth'
import { useEmailRequest } from '../utils/use-email-request'
import { EmailRequestStep } from './email-request-step'
import { StepCard, TextButton } from './step-card'
import { CodeField, StepForm, SubmitButton } from './step-form'

/** The state of 'Email me a sign-in code': the address, where the code went, and the code typed. */
function useEmailCodeSignIn(initialEmail: string) {
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

  function chooseAnotherEmail() {
    clearError()
    request.clearError()
    setResent(false)
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
    resent,
    request,
    errorId,
    verifying: status === 'loading',
    error: signInError ?? request.error,
    handleResend,
    handleCode,
    chooseAnotherEmail,
  }
}

type EmailCodeSignIn = ReturnType<typeof useEmailCodeSignIn>

/** 'Email me a sign-in code': the email address, then the 6-digit code from the email. */
export function EmailCodeCard({
  onBack,
  initialEmail = '',
}: {
  onBack: () => void
  initialEmail?: string
}) {
  const flow = useEmailCodeSignIn(initialEmail)

  if (!flow.sentTo) {
    return (
      <EmailRequestStep
        key="email"
        title="Sign in with a code"
        description="We will email you a 6-digit code, so you can log in without your password."
        submitLabel="Email me a code"
        email={flow.email}
        onEmailChange={flow.setEmail}
        request={flow.request}
        onSent={flow.setSentTo}
        onBack={onBack}
      />
    )
  }

  return <EnterCodeStep key="code" flow={flow} sentTo={flow.sentTo} onBack={onBack} />
}

/** The second step: the 6-digit code sent to `sentTo`, with a new code or another address. */
function EnterCodeStep({
  flow,
  sentTo,
  onBack,
}: {
  flow: EmailCodeSignIn
  sentTo: string
  onBack: () => void
}) {
  const { verifying, error, errorId } = flow
  return (
    <StepCard
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
      <StepForm onSubmit={flow.handleCode} busy={verifying} error={error} errorId={errorId}>
        <CodeField
          value={flow.code}
          onChange={flow.setCode}
          hint="The code is in the email from LocalSEO AI."
        />
        <SubmitButton busy={verifying} busyLabel="Signing in...">
          Sign In
        </SubmitButton>
      </StepForm>
      {flow.resent ? (
        <p role="status" className="text-sm text-success">
          A new code is on its way. Use the newest email.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <TextButton onClick={() => void flow.handleResend()}>
          {flow.request.sending ? 'Sending...' : 'Send a new code'}
        </TextButton>
        <TextButton onClick={flow.chooseAnotherEmail}>Use a different email</TextButton>
      </div>
      <p className="text-center">
        <TextButton onClick={onBack}>Back to Log In</TextButton>
      </p>
    </StepCard>
  )
}
