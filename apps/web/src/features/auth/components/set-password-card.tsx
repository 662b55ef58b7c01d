import { useEffect, useId, useState, type FormEvent } from 'react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { useAuth } from '@/lib/auth'
import { clearUrlFragment } from '../utils/link-error'
import { StepCard, TextButton } from './step-card'
import { StepForm, SubmitButton } from './step-form'

const PASSWORD_MIN_LENGTH = 6 // docs/product.md §5
const PASSWORDS_DIFFER = 'The two passwords do not match.'

/** The new password typed twice, and saving it once both match. */
function useNewPassword() {
  const { setNewPassword, clearError } = useAuth()
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [mismatch, setMismatch] = useState(false)
  const [saving, setSaving] = useState(false)

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    clearError()
    if (password !== confirmation) {
      setMismatch(true)
      return
    }
    setMismatch(false)
    setSaving(true)
    try {
      await setNewPassword(password)
      // Success: signed in; the route opens the dashboard.
    } catch {
      setSaving(false) // the store holds the message shown above the form
    }
  }

  return {
    fields: { password, setPassword, confirmation, setConfirmation, mismatch },
    saving,
    handleSubmit,
  }
}

/** 'Set a new password' after a recovery link: saving it opens the app. */
export function SetPasswordCard() {
  const { pendingEmail, error: authError, cancelSignIn } = useAuth()
  const { fields, saving, handleSubmit } = useNewPassword()
  const errorId = useId()
  const error = fields.mismatch ? PASSWORDS_DIFFER : authError

  // The recovery link brought the session in the URL fragment: keep it out of the address bar.
  useEffect(clearUrlFragment, [])

  return (
    <StepCard
      title="Set a new password"
      description={
        pendingEmail ? (
          <>
            Choose a new password for <strong className="break-all">{pendingEmail}</strong>. You
            will be logged in once it is saved.
          </>
        ) : (
          'Choose a new password. You will be logged in once it is saved.'
        )
      }
      error={error}
      errorId={errorId}
    >
      <StepForm onSubmit={handleSubmit} busy={saving} error={error} errorId={errorId}>
        <NewPasswordFields email={pendingEmail} fields={fields} />
        <SubmitButton busy={saving} busyLabel="Saving...">
          Save new password
        </SubmitButton>
      </StepForm>
      <p className="text-center">
        <TextButton onClick={() => void cancelSignIn()}>Cancel and log out</TextButton>
      </p>
    </StepCard>
  )
}

/** 'New password' and 'Confirm new password', filed by password managers under `email`. */
function NewPasswordFields({
  email,
  fields,
}: {
  email: string | null
  fields: ReturnType<typeof useNewPassword>['fields']
}) {
  const { password, setPassword, confirmation, setConfirmation, mismatch } = fields
  const ids = { password: useId(), confirmation: useId(), hint: useId() }
  return (
    <>
      {/* Lets password managers file the new password under the right account. */}
      <input
        type="email"
        name="username"
        autoComplete="username"
        value={email ?? ''}
        readOnly
        hidden
      />
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.password}>New password</Label>
        <Input
          id={ids.password}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          aria-describedby={ids.hint}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <p id={ids.hint} className="text-xs text-muted-foreground">
          At least {PASSWORD_MIN_LENGTH} characters.
        </p>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.confirmation}>Confirm new password</Label>
        <Input
          id={ids.confirmation}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          aria-invalid={mismatch || undefined}
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
        />
      </div>
    </>
  )
}
