import { ShieldCheck } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { useAuth } from '@/lib/auth'
import { StepCard, TextButton } from './step-card'
import { CodeField, StepForm, SubmitButton } from './step-form'

/**
 * The account has two-factor sign-in: the password (or email code, or recovery link) was right, and
 * the app opens once the 6-digit code from the authenticator app is entered, or, for an owner who
 * lost their phone, one of their recovery codes (docs/auth-api.md §3 "Recovery codes").
 */
export function SecondFactorCard() {
  const { pendingEmail, error, verifySecondFactor, verifySecondFactorRecoveryCode, cancelSignIn } =
    useAuth()
  const [useRecoveryCode, setUseRecoveryCode] = useState(false)
  const [code, setCode] = useState('')
  const [verifying, setVerifying] = useState(false)
  const errorId = useId()

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setVerifying(true)
    try {
      await (useRecoveryCode ? verifySecondFactorRecoveryCode(code) : verifySecondFactor(code))
      // Success: the guards open the app (or the 'Set a new password' screen after a recovery link).
    } catch {
      setCode('') // the store holds the message shown above the form
      setVerifying(false)
    }
  }

  function switchMode() {
    setUseRecoveryCode((on) => !on)
    setCode('')
  }

  return (
    <StepCard
      title="Enter your two-factor code"
      description={
        <>
          {useRecoveryCode
            ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each code works once'
            : 'Open your authenticator app and enter the 6-digit code it shows for LocalSEO AI'}
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
        {useRecoveryCode ? (
          <RecoveryCodeField value={code} onChange={setCode} />
        ) : (
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
        )}
        <SubmitButton busy={verifying} busyLabel="Verifying...">
          Verify
        </SubmitButton>
      </StepForm>
      <p className="flex flex-col items-center gap-2 text-center">
        <TextButton onClick={switchMode}>
          {useRecoveryCode ? 'Use a code from your app instead' : 'Use a recovery code instead'}
        </TextButton>
        <TextButton onClick={() => void cancelSignIn()}>Cancel and log out</TextButton>
      </p>
    </StepCard>
  )
}

/** A recovery code as saved (`abcde-23456`); case, spaces and dashes do not matter. */
function RecoveryCodeField({
  value,
  onChange,
}: {
  value: string
  onChange: (code: string) => void
}) {
  const id = useId()
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Recovery code</Label>
      <Input
        id={id}
        name="recovery-code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        required
        placeholder="abcde-23456"
        className="font-mono"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  )
}
