import { Copy, LoaderCircle } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { OneTimeCodeInput } from '@/components/one-time-code-input'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { accountErrorMessage } from '../api/get-account'
import { useCancelEnrollment, useConfirmEnrollment, type Enrollment } from '../api/two-factor'
import { FormMessage } from '@/components/form-message'

/** Scan the QR code (or type the key), then prove it with the first code. */
export function TwoFactorSetup({
  enrollment,
  onDone,
  onCancel,
}: {
  enrollment: Enrollment
  /** With the new recovery codes, or null when they could not be made. */
  onDone: (codes: string[] | null) => void
  onCancel: () => void
}) {
  return (
    <div className="flex flex-col gap-5 rounded-lg border bg-muted/30 p-4">
      <ol className="flex flex-col gap-5 text-sm">
        <li className="flex flex-col gap-3">
          <ScanStep enrollment={enrollment} />
        </li>
        <li>
          <ConfirmCodeStep enrollment={enrollment} onDone={onDone} onCancel={onCancel} />
        </li>
      </ol>
    </div>
  )
}

/** Step 1: the QR code for the authenticator app, and the key to type in when it cannot scan. */
function ScanStep({ enrollment }: { enrollment: Enrollment }) {
  const [copied, setCopied] = useState<boolean | null>(null)
  const secretId = useId()

  async function copySecret() {
    try {
      await navigator.clipboard.writeText(enrollment.secret)
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }

  return (
    <>
      <p>
        <span className="font-semibold">1. </span>Scan this QR code with an authenticator app (for
        example Google Authenticator, Microsoft Authenticator or 1Password).
      </p>
      <img
        src={enrollment.qrCode}
        alt="QR code for adding LocalSEO AI to an authenticator app"
        width={176}
        height={176}
        className="size-44 rounded-md border bg-white p-2"
      />
      <div className="flex flex-col gap-2">
        <p id={secretId} className="text-muted-foreground">
          Cannot scan it? Enter this key in the app instead:
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <code
            aria-labelledby={secretId}
            className="rounded-md border bg-card px-2 py-1 font-mono text-sm break-all"
            data-testid="totp-secret"
          >
            {enrollment.secret}
          </code>
          <Button type="button" variant="outline" size="sm" onClick={() => void copySecret()}>
            <Copy aria-hidden="true" />
            Copy key
          </Button>
        </div>
        <p role="status" className="text-xs text-muted-foreground">
          {copied === true
            ? 'Key copied.'
            : copied === false
              ? 'Copying failed: select the key and copy it.'
              : ''}
        </p>
      </div>
    </>
  )
}

/** Step 2: the first 6-digit code from the app, which turns two-factor sign-in on. */
function ConfirmCodeStep({
  enrollment,
  onDone,
  onCancel,
}: {
  enrollment: Enrollment
  onDone: (codes: string[] | null) => void
  onCancel: () => void
}) {
  const confirm = useConfirmEnrollment()
  const cancel = useCancelEnrollment()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const codeId = useId()

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setError(null)
    confirm.mutate(
      { factorId: enrollment.factorId, code },
      {
        onSuccess: onDone,
        onError: (failure) => {
          setCode('')
          setError(accountErrorMessage(failure, 'That code did not work. Try the newest one.'))
        },
      },
    )
  }

  function handleCancel() {
    // The half-set-up factor is removed; a failure here is harmless (the next set-up clears it).
    cancel.mutate(enrollment.factorId, { onSettled: onCancel })
  }

  return (
    <form
      aria-label="Confirm two-factor code"
      onSubmit={handleSubmit}
      className="flex flex-col gap-3"
    >
      <p>
        <span className="font-semibold">2. </span>Enter the 6-digit code the app shows.
      </p>
      <div className="flex flex-col gap-2">
        <Label htmlFor={codeId}>6-digit code</Label>
        <OneTimeCodeInput id={codeId} name="code" value={code} onValueChange={setCode} />
      </div>
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          {confirm.isPending ? 'Checking...' : 'Turn on two-factor sign-in'}
        </Button>
        <Button type="button" variant="ghost" onClick={handleCancel} disabled={cancel.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
