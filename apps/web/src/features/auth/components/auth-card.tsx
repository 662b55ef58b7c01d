import { MAX_FULL_NAME_LENGTH } from '@localseo/shared/account'
import { Mail } from 'lucide-react'
import { lazy, Suspense, useId, useState, type FormEvent } from 'react'
import { useLocation } from 'react-router'
import { ErrorAlert } from '@/components/error-alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { useAuth } from '@/lib/auth'
import { clearUrlFragment, linkErrorFromUrl } from '../utils/link-error'
import { EmailField, StepForm, SubmitButton } from './step-form'
import { Spinner } from '@/components/ui/spinner'

// The detours and the two-factor step load when opened: a returning owner's first screen carries
// this card's module, not them (docs/decisions/019-compressed-assets-and-preloading.md).
const ForgotPasswordCard = lazy(async () => ({
  default: (await import('./forgot-password-card')).ForgotPasswordCard,
}))
const EmailCodeCard = lazy(async () => ({
  default: (await import('./email-code-card')).EmailCodeCard,
}))
const SecondFactorCard = lazy(async () => ({
  default: (await import('./second-factor-card')).SecondFactorCard,
}))

function DetourLoading() {
  return (
    <Card className="w-full">
      <CardContent className="flex justify-center py-10">
        <Spinner />
      </CardContent>
    </Card>
  )
}

type Mode = 'login' | 'signup'
/** The other ways in from the Log In card. */
type Detour = 'forgot' | 'code'

/** Other screens may open the card on a detour: navigate('/', { state: { authView: 'forgot' } }). */
function detourFrom(state: unknown): Detour | null {
  const view = (state as { authView?: unknown } | null)?.authView
  return view === 'forgot' || view === 'code' ? view : null
}

const copy = {
  login: {
    title: 'Log In',
    description: 'Welcome back. Log in to see your local SEO progress.',
    submit: 'Log In',
    submitting: 'Logging in...',
    toggle: ["Don't have an account?", 'Sign up'],
  },
  signup: {
    title: 'Sign Up',
    description: 'Create your account to start improving your local rankings.',
    submit: 'Sign Up',
    submitting: 'Creating account...',
    toggle: ['Already have an account?', 'Log in'],
  },
} as const

/** The Log In / Sign Up card's state: its mode, detour, fields and link error, and what they do. */
function useAuthCard() {
  const { status, error: authError, login, signup, clearError } = useAuth()
  const location = useLocation()
  const [mode, setMode] = useState<Mode>('login')
  const [detour, setDetour] = useState<Detour | null>(() => detourFrom(location.state))
  const [fullName, setFullName] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  // A failed email link (expired, used twice) comes back to this page with its reason in the URL.
  const [linkError, setLinkError] = useState(linkErrorFromUrl)

  function dismissLinkError() {
    if (!linkError) return
    setLinkError(null)
    clearUrlFragment()
  }

  function toggleMode() {
    clearError()
    dismissLinkError()
    setMode((current) => (current === 'login' ? 'signup' : 'login'))
  }

  function openDetour(next: Detour | null) {
    clearError()
    dismissLinkError()
    setDetour(next)
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    dismissLinkError()
    try {
      if (mode === 'login') await login(email, password)
      else await signup(email, password, fullName)
      // Success: the landing route redirects to the dashboard.
    } catch {
      // The auth store already holds the message shown above the form (docs/product.md §8).
    }
  }

  return {
    status,
    error: authError ?? linkError,
    mode,
    detour,
    fields: { fullName, setFullName, email, setEmail, password, setPassword },
    toggleMode,
    openDetour,
    handleSubmit,
  }
}

/**
 * docs/product.md §2 "Login/signup": one card that toggles between logging in and signing up, with two detours
 * (a forgotten password, a code by email) and the two-factor step when the account has one.
 */
export function AuthCard() {
  const { status, error, mode, detour, fields, toggleMode, openDetour, handleSubmit } =
    useAuthCard()
  const errorId = useId()
  const text = copy[mode]
  const submitting = status === 'loading'

  if (status === 'mfa-required') {
    return (
      <Suspense fallback={<DetourLoading />}>
        <SecondFactorCard />
      </Suspense>
    )
  }
  if (detour !== null) {
    const Detour = detour === 'forgot' ? ForgotPasswordCard : EmailCodeCard
    return (
      <Suspense fallback={<DetourLoading />}>
        <Detour initialEmail={fields.email} onBack={() => openDetour(null)} />
      </Suspense>
    )
  }

  return (
    <Card className="w-full">
      <CardHeader>
        <CardTitle>{text.title}</CardTitle>
        <CardDescription>{text.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <ErrorAlert id={errorId}>{error}</ErrorAlert>
        <StepForm onSubmit={handleSubmit} busy={submitting} error={error} errorId={errorId}>
          {mode === 'signup' ? (
            <FullNameField value={fields.fullName} onChange={fields.setFullName} />
          ) : null}
          <EmailField value={fields.email} onChange={fields.setEmail} />
          <PasswordField
            mode={mode}
            value={fields.password}
            onChange={fields.setPassword}
            onForgot={() => openDetour('forgot')}
          />
          <SubmitButton busy={submitting} busyLabel={text.submitting} className="mt-1">
            {text.submit}
          </SubmitButton>
        </StepForm>
        {mode === 'login' ? <CodeSignInOption onOpen={() => openDetour('code')} /> : null}
        <ModeToggle mode={mode} onToggle={toggleMode} />
      </CardContent>
    </Card>
  )
}

/** The 'Full Name' field that signing up adds. */
function FullNameField({ value, onChange }: { value: string; onChange: (name: string) => void }) {
  const id = useId()
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Full Name</Label>
      <Input
        id={id}
        name="fullName"
        autoComplete="name"
        required
        maxLength={MAX_FULL_NAME_LENGTH}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  )
}

/** The 'Password' field, with the 'Forgot password?' detour beside its label when logging in. */
function PasswordField({
  mode,
  value,
  onChange,
  onForgot,
}: {
  mode: Mode
  value: string
  onChange: (password: string) => void
  onForgot: () => void
}) {
  const id = useId()
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={id}>Password</Label>
        {mode === 'login' ? (
          <button
            type="button"
            onClick={onForgot}
            className="cursor-pointer rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            Forgot password?
          </button>
        ) : null}
      </div>
      <Input
        id={id}
        name="password"
        type="password"
        autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
        required
        minLength={6}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  )
}

/** The 'or' divider and the 'Email me a sign-in code' detour under the Log In form. */
function CodeSignInOption({ onOpen }: { onOpen: () => void }) {
  return (
    <>
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button type="button" variant="outline" className="w-full" onClick={onOpen}>
        <Mail aria-hidden="true" />
        Email me a sign-in code
      </Button>
    </>
  )
}

/** The 'Don't have an account? Sign up' / 'Already have an account? Log in' switch. */
function ModeToggle({ mode, onToggle }: { mode: Mode; onToggle: () => void }) {
  const text = copy[mode]
  return (
    <p className="text-center text-sm text-muted-foreground">
      <button
        type="button"
        onClick={onToggle}
        className="cursor-pointer rounded-sm hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {text.toggle[0]}{' '}
        <span className="font-medium text-primary underline underline-offset-4">
          {text.toggle[1]}
        </span>
      </button>
    </p>
  )
}
