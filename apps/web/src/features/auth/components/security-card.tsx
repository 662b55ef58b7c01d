import { LoaderCircle, LogOut, ShieldCheck, ShieldOff } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { useAuthStore, verifiedTotpFactor } from '@/lib/auth'
import { accountErrorMessage, useAccount } from '../api/get-account'
import {
  needsCodeToChange,
  useSignOutOthers,
  useMakeRecoveryCodes,
  useStartEnrollment,
  type Enrollment,
} from '../api/two-factor'
import { FormMessage } from '@/components/form-message'
import { RecoveryCodesPanel } from './recovery-codes-panel'
import { TwoFactorSetup } from './two-factor-setup'
import { TwoFactorTurnOff } from './two-factor-turn-off'

export const TWO_FACTOR_ON =
  'Two-factor sign-in is on. You will be asked for a code when you log in.'
export const TWO_FACTOR_OFF = 'Two-factor sign-in is off.'
export const OTHERS_SIGNED_OUT =
  'All other sessions have been signed out. This browser stays logged in.'

type Step =
  | { kind: 'idle' }
  | { kind: 'setup'; enrollment: Enrollment }
  | { kind: 'turn-off'; needsCode: boolean }
  | { kind: 'codes'; codes: string[] }

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="flex flex-col gap-3 border-t pt-5 first:border-t-0 first:pt-0"
    >
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  )
}

/** Two-factor sign-in's state (the step on screen, the last result) and starting set-up or turn-off. */
function useTwoFactorEnrolment() {
  const { loadClient } = useAuthStore()
  const start = useStartEnrollment()
  const makeCodes = useMakeRecoveryCodes()
  const [step, setStep] = useState<Step>({ kind: 'idle' })
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const [checking, setChecking] = useState(false)

  function beginSetup() {
    setResult(null)
    start.mutate(undefined, {
      onSuccess: (enrollment) => setStep({ kind: 'setup', enrollment }),
      onError: (error) =>
        setResult({
          tone: 'error',
          text: accountErrorMessage(error, 'Two-factor set-up could not start.'),
        }),
    })
  }

  async function beginTurnOff() {
    setResult(null)
    setChecking(true)
    try {
      setStep({ kind: 'turn-off', needsCode: await needsCodeToChange(await loadClient()) })
    } catch (error) {
      setResult({ tone: 'error', text: accountErrorMessage(error, 'Please try again.') })
    } finally {
      setChecking(false)
    }
  }

  function finished(text: string, codes: string[] | null = null) {
    setStep(codes ? { kind: 'codes', codes } : { kind: 'idle' })
    setResult({ tone: 'success', text })
  }

  function newCodes() {
    setResult(null)
    makeCodes.mutate(undefined, {
      onSuccess: (codes) => setStep({ kind: 'codes', codes }),
      onError: (error) =>
        setResult({
          tone: 'error',
          text: accountErrorMessage(
            error,
            'New recovery codes could not be made. Please try again.',
          ),
        }),
    })
  }

  return {
    step,
    result,
    checking,
    starting: start.isPending,
    makingCodes: makeCodes.isPending,
    beginSetup,
    newCodes,
    beginTurnOff,
    finished,
    backToIdle: () => setStep({ kind: 'idle' }),
  }
}

/** Whether two-factor sign-in is on, as a badge and a sentence. */
function TwoFactorStatus({ on }: { on: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      {on ? (
        <Badge className="bg-success/15 text-success">
          <ShieldCheck aria-hidden="true" className="size-3.5" />
          On
        </Badge>
      ) : (
        <Badge variant="secondary">
          <ShieldOff aria-hidden="true" className="size-3.5" />
          Off
        </Badge>
      )}
      <p className="text-sm text-muted-foreground">
        {on
          ? 'Logging in asks for a 6-digit code from your authenticator app.'
          : 'Add a 6-digit code from an authenticator app to your password when you log in.'}
      </p>
    </div>
  )
}

/** Recovery codes while two-factor sign-in is on: what they are for, and making new ones. */
function RecoveryCodesSummary({ busy, onNewCodes }: { busy: boolean; onNewCodes: () => void }) {
  return (
    <div className="flex flex-col gap-2 rounded-md border p-3 text-sm">
      <p className="font-medium">Recovery codes</p>
      <p className="text-muted-foreground">
        Lost your phone? A recovery code lets you log in in place of a code from your app. Making
        new codes stops the old ones from working.
      </p>
      <div>
        <Button type="button" variant="outline" size="sm" onClick={onNewCodes} disabled={busy}>
          {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          {busy ? 'Making codes...' : 'Make new recovery codes'}
        </Button>
      </div>
    </div>
  )
}

/** The two-factor part of Security: its status, then set-up, turn-off or the button to start one. */
function TwoFactorSection() {
  const account = useAccount()
  const enrolment = useTwoFactorEnrolment()
  const { step, result, checking, starting } = enrolment
  const factor = account.data ? verifiedTotpFactor(account.data) : null

  if (account.isPending) {
    return <p className="text-sm text-muted-foreground">Loading…</p>
  }
  if (account.isError) {
    return (
      <FormMessage tone="error">
        Your security settings could not be loaded. Reload the page to try again.
      </FormMessage>
    )
  }

  return (
    <>
      <TwoFactorStatus on={factor !== null} />
      {result ? <FormMessage tone={result.tone}>{result.text}</FormMessage> : null}
      {step.kind === 'setup' ? (
        <TwoFactorSetup
          enrollment={step.enrollment}
          onDone={(codes) => enrolment.finished(TWO_FACTOR_ON, codes)}
          onCancel={enrolment.backToIdle}
        />
      ) : step.kind === 'codes' ? (
        <RecoveryCodesPanel codes={step.codes} onDone={enrolment.backToIdle} />
      ) : step.kind === 'turn-off' && factor ? (
        <TwoFactorTurnOff
          factorId={factor.id}
          needsCode={step.needsCode}
          onDone={() => enrolment.finished(TWO_FACTOR_OFF)}
          onCancel={enrolment.backToIdle}
        />
      ) : factor ? (
        <>
          <RecoveryCodesSummary busy={enrolment.makingCodes} onNewCodes={enrolment.newCodes} />
          <div>
            <Button
              type="button"
              variant="outline"
              onClick={() => void enrolment.beginTurnOff()}
              disabled={checking}
            >
              {checking ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
              Turn off two-factor sign-in
            </Button>
          </div>
        </>
      ) : (
        <div>
          <Button type="button" onClick={enrolment.beginSetup} disabled={starting}>
            {starting ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            {starting ? 'Starting...' : 'Set up two-factor sign-in'}
          </Button>
        </div>
      )}
    </>
  )
}

function SessionsSection() {
  const signOutOthers = useSignOutOthers()
  return (
    <>
      <p className="text-sm text-muted-foreground">
        Logged in on a shared or lost device? End every other session; this browser stays logged in.
      </p>
      {signOutOthers.isSuccess ? (
        <FormMessage tone="success">{OTHERS_SIGNED_OUT}</FormMessage>
      ) : null}
      {signOutOthers.isError ? (
        <FormMessage tone="error">
          {accountErrorMessage(signOutOthers.error, 'The other sessions could not be signed out.')}
        </FormMessage>
      ) : null}
      <div>
        <Button
          type="button"
          variant="outline"
          onClick={() => signOutOthers.mutate()}
          disabled={signOutOthers.isPending}
        >
          <LogOut aria-hidden="true" />
          {signOutOthers.isPending ? 'Signing out...' : 'Sign out of all other sessions'}
        </Button>
      </div>
    </>
  )
}

/** Settings → Security: two-factor sign-in and the other sessions. */
export function SecurityCard() {
  return (
    <Card role="region" aria-labelledby="security-card-title">
      <CardHeader>
        <CardTitle id="security-card-title">Security</CardTitle>
        <CardDescription>Keep other people out of your account.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <Section title="Two-factor sign-in">
          <TwoFactorSection />
        </Section>
        <Section title="Sessions">
          <SessionsSection />
        </Section>
      </CardContent>
    </Card>
  )
}
