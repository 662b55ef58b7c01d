import { useId, useState, type FormEvent } from 'react'
import { OneTimeCodeInput } from '@/components/one-time-code-input'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { accountErrorMessage } from '../api/get-account'
import { useTurnOffTwoFactor } from '../api/two-factor'
import { FormMessage } from '@/components/form-message'

/**
 * Confirms turning two-factor sign-in off. A session that has not proved a code yet (aal1) must
 * enter one first: the server refuses the change otherwise.
 */
export function TwoFactorTurnOff({
  factorId,
  needsCode,
  onDone,
  onCancel,
}: {
  factorId: string
  needsCode: boolean
  onDone: () => void
  onCancel: () => void
}) {
  const turnOff = useTurnOffTwoFactor()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const codeId = useId()

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setError(null)
    turnOff.mutate(
      { factorId, code: needsCode ? code : null },
      {
        onSuccess: onDone,
        onError: (failure) => {
          setCode('')
          setError(accountErrorMessage(failure, 'Two-factor sign-in could not be turned off.'))
        },
      },
    )
  }

  return (
    <form
      aria-label="Turn off two-factor sign-in"
      onSubmit={handleSubmit}
      className="flex flex-col gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm"
    >
      <p className="font-medium">Turn off two-factor sign-in?</p>
      <p className="text-muted-foreground">
        You will log in with your password alone, and the code in your authenticator app stops
        working.
      </p>
      {needsCode ? (
        <div className="flex flex-col gap-2">
          <Label htmlFor={codeId}>Enter a code from your authenticator app to confirm</Label>
          <OneTimeCodeInput id={codeId} name="code" value={code} onValueChange={setCode} />
        </div>
      ) : null}
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" disabled={turnOff.isPending}>
          {turnOff.isPending ? 'Turning off...' : 'Turn off'}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={turnOff.isPending}>
          Keep it on
        </Button>
      </div>
    </form>
  )
}
