import { ShieldCheck } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { useAuth } from '@/lib/auth'
import { StepCard, TextButton } from './step-card'
import { CodeField, StepForm, SubmitButton } from './step-form'

/**
 * The account has two-factor sign-in: the password (or email code, or recovery link) was right, and
 * the app opens once the 6-digit code from the authenticator app is entered.
 */
export function SecondFactorCard() {
  const { pendingEmail, error, verifySecondFactor, cancelSignIn } = useAuth()
  const [code, setCode] = useState('')
  const [verifying, setVerifying] = useState(false)
  const errorId = useId()

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setVerifying(true)
    try {
      await verifySecondFactor(code)
      // Success: the guards open the app (or the 'Set a new password' screen after a recovery link).
    } catch {
      setCode('') // the store holds the message shown above the form
      setVerifying(false)
    }
  }

  return (
    <StepCard
      title="Enter your two-factor code"
      description={
        <>
          Open your authenticator app and enter the 6-digit code it shows for LocalSEO AI
          {pendingEmail ? (
            <>
              {' '}
              (<span className="break-all">{pendingEmail}</span>)
            </>
          ) : null}
          .
        </>
      }
      error={error}
      errorId={errorId}
    >
      <StepForm onSubmit={handleSubmit} busy={verifying} error={error} errorId={errorId}>
        <CodeField
          value={code}
          onChange={setCode}
          hint={
            <>
              <ShieldCheck aria-hidden="true" className="size-3.5 shrink-0" />A new code appears
              every 30 seconds.
            </>
          }
        />
        <SubmitButton busy={verifying} busyLabel="Verifying...">
          Verify
        </SubmitButton>
      </StepForm>
      <p className="text-center">
        <TextButton onClick={() => void cancelSignIn()}>Cancel and log out</TextButton>
      </p>
    </StepCard>
  )
}
