// The three forms of the Account card. Each keeps its own result message, announced when it appears.
import { MAX_FULL_NAME_LENGTH } from '@localseo/shared/account'
import { MailCheck } from 'lucide-react'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { accountErrorMessage } from '../api/get-account'
import { useUpdateAccount } from '../api/update-account'
import { FormMessage } from '@/components/form-message'

export const NAME_SAVED = 'Your name has been saved.'
export const PASSWORD_CHANGED =
  'Your password has been changed. Any other browsers or devices where you were logged in have been signed out; this one stays logged in.'
const PASSWORDS_DIFFER = 'The two passwords do not match.'

type Result = { tone: 'success' | 'error'; text: string } | null

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 border-t pt-5 first:border-t-0 first:pt-0"
    >
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      {children}
    </section>
  )
}

function ResultMessage({ result }: { result: Result }) {
  return result ? <FormMessage tone={result.tone}>{result.text}</FormMessage> : null
}

export function NameForm({ currentName }: { currentName: string }) {
  const update = useUpdateAccount()
  const [fullName, setFullName] = useState(currentName)
  const [result, setResult] = useState<Result>(null)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setResult(null)
    update.mutate(
      { kind: 'name', fullName: fullName.trim() },
      {
        onSuccess: () => setResult({ tone: 'success', text: NAME_SAVED }),
        onError: (error) =>
          setResult({
            tone: 'error',
            text: accountErrorMessage(error, 'Your name could not be saved.'),
          }),
      },
    )
  }

  return (
    <Section title="Name">
      <form onSubmit={handleSubmit} className="flex flex-col gap-4">
        <FormField label="Full Name" required>
          <Input
            name="fullName"
            autoComplete="name"
            required
            maxLength={MAX_FULL_NAME_LENGTH}
            value={fullName}
            onChange={(event) => setFullName(event.target.value)}
          />
        </FormField>
        <ResultMessage result={result} />
        <div>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save name'}
          </Button>
        </div>
      </form>
    </Section>
  )
}

export function EmailForm({ email, pendingEmail }: { email: string; pendingEmail: string | null }) {
  const update = useUpdateAccount()
  const [newEmail, setNewEmail] = useState('')
  const [error, setError] = useState<string | null>(null)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setError(null)
    const address = newEmail.trim()
    if (address.toLowerCase() === email.toLowerCase()) {
      setError('That is already your email address.')
      return
    }
    update.mutate(
      { kind: 'email', email: address },
      {
        onSuccess: () => setNewEmail(''),
        onError: (failure) =>
          setError(accountErrorMessage(failure, 'Your email address could not be changed.')),
      },
    )
  }

  return (
    <Section title="Email address">
      <p className="text-sm">
        You log in with <strong className="break-all">{email}</strong>.
      </p>
      {pendingEmail ? (
        <div role="status" className="flex gap-3 rounded-lg border bg-accent/60 p-3 text-sm">
          <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <p>
            Waiting for confirmation: we have emailed a link to{' '}
            <strong className="break-all">{pendingEmail}</strong>. Your email changes when you open
            it; until then you keep logging in with your current address.
          </p>
        </div>
      ) : null}
      <form onSubmit={handleSubmit} className="flex flex-col gap-4">
        <FormField
          label="New email address"
          required
          hint="We will email a confirmation link to the new address."
        >
          <Input
            name="email"
            type="email"
            autoComplete="email"
            required
            value={newEmail}
            onChange={(event) => setNewEmail(event.target.value)}
          />
        </FormField>
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <div>
          <Button type="submit" variant="outline" disabled={update.isPending}>
            {update.isPending ? 'Sending...' : 'Change email'}
          </Button>
        </div>
      </form>
    </Section>
  )
}

export function PasswordForm({ email }: { email: string }) {
  const update = useUpdateAccount()
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [result, setResult] = useState<Result>(null)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setResult(null)
    if (password !== confirmation) {
      setResult({ tone: 'error', text: PASSWORDS_DIFFER })
      return
    }
    update.mutate(
      { kind: 'password', password },
      {
        onSuccess: () => {
          setPassword('')
          setConfirmation('')
          setResult({ tone: 'success', text: PASSWORD_CHANGED })
        },
        onError: (error) =>
          setResult({
            tone: 'error',
            text: accountErrorMessage(error, 'Your password could not be changed.'),
          }),
      },
    )
  }

  return (
    <Section title="Password">
      <form onSubmit={handleSubmit} className="flex flex-col gap-4">
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FormField label="New password" required hint="At least 6 characters.">
            <Input
              name="newPassword"
              type="password"
              autoComplete="new-password"
              required
              minLength={6}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </FormField>
          <FormField label="Confirm new password" required>
            <Input
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              required
              minLength={6}
              value={confirmation}
              onChange={(event) => setConfirmation(event.target.value)}
            />
          </FormField>
        </div>
        <p className="text-xs text-muted-foreground">
          Changing it logs you out everywhere else; this browser stays logged in.
        </p>
        <ResultMessage result={result} />
        <div>
          <Button type="submit" variant="outline" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Change password'}
          </Button>
        </div>
      </form>
    </Section>
  )
}
