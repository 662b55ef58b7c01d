import { CircleAlert, LoaderCircle } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { useAuth } from '@/lib/auth'

type Mode = 'login' | 'signup'

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

/** SPEC §2 "Login/signup": one card that toggles between logging in and signing up. */
export function AuthCard() {
  const { status, error, login, signup, clearError } = useAuth()
  const [mode, setMode] = useState<Mode>('login')
  const [fullName, setFullName] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const ids = { name: useId(), email: useId(), password: useId(), error: useId() }
  const text = copy[mode]
  const submitting = status === 'loading'

  function toggleMode() {
    clearError()
    setMode((current) => (current === 'login' ? 'signup' : 'login'))
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    try {
      if (mode === 'login') await login(email, password)
      else await signup(email, password, fullName)
      // Success: the landing route redirects to the dashboard.
    } catch {
      // The auth store already holds the message shown above the form (SPEC §8).
    }
  }

  return (
    <Card className="w-full">
      <CardHeader>
        <CardTitle>{text.title}</CardTitle>
        <CardDescription>{text.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {error ? (
          <Alert variant="destructive" role="alert" id={ids.error}>
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : null}
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => void handleSubmit(event)}
          aria-busy={submitting}
          aria-describedby={error ? ids.error : undefined}
        >
          {mode === 'signup' ? (
            <div className="flex flex-col gap-2">
              <Label htmlFor={ids.name}>Full Name</Label>
              <Input
                id={ids.name}
                name="fullName"
                autoComplete="name"
                required
                value={fullName}
                onChange={(event) => setFullName(event.target.value)}
              />
            </div>
          ) : null}
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.email}>Email Address</Label>
            <Input
              id={ids.email}
              name="email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.password}>Password</Label>
            <Input
              id={ids.password}
              name="password"
              type="password"
              autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
              required
              minLength={6}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
          <Button type="submit" className="mt-1 w-full" disabled={submitting}>
            {submitting ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            {submitting ? text.submitting : text.submit}
          </Button>
        </form>
        <p className="text-center text-sm text-muted-foreground">
          <button
            type="button"
            onClick={toggleMode}
            className="cursor-pointer rounded-sm hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {text.toggle[0]}{' '}
            <span className="font-medium text-primary underline underline-offset-4">
              {text.toggle[1]}
            </span>
          </button>
        </p>
      </CardContent>
    </Card>
  )
}
