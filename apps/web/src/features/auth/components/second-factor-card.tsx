import { LoaderCircle, ShieldCheck } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { OneTimeCodeInput } from '@/components/one-time-code-input'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { useAuth } from '@/lib/auth'
import { StepCard, TextButton } from './step-card'

/**
 * The account has two-factor sign-in: the password (or email code, or recovery link) was right, and
 * the app opens once the 6-digit code from the authenticator app is entered.
 */
export function SecondFactorCard() {
  const { pendingEmail, error, verifySecondFactor, cancelSignIn } = useAuth()
  const [code, setCode] = useState('')
  const [verifying, setVerifying] = useState(false)
  const ids = { code: useId(), error: useId(), hint: useId() }

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
      errorId={ids.error}
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => void handleSubmit(event)}
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
          <p id={ids.hint} className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <ShieldCheck aria-hidden="true" className="size-3.5 shrink-0" />A new code appears every
            30 seconds.
          </p>
        </div>
        <Button type="submit" className="w-full" disabled={verifying}>
          {verifying ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          {verifying ? 'Verifying...' : 'Verify'}
        </Button>
      </form>
      <p className="text-center">
        <TextButton onClick={() => void cancelSignIn()}>Cancel and log out</TextButton>
      </p>
    </StepCard>
  )
}
