import { Copy, Download } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { downloadBlob } from '@/lib/download-file'

export const RECOVERY_CODES_INTRO =
  'Save these codes somewhere safe. Each works once, in place of a code from your app.'

/** The codes as a text file an owner can keep or print. */
function codesText(codes: string[]) {
  return [
    'LocalSEO AI recovery codes',
    '',
    'If you lose your phone, log in with your password, choose "Use a recovery code instead" and',
    'enter one of these codes. Each code works once.',
    '',
    ...codes,
    '',
  ].join('\n')
}

/**
 * The ten new recovery codes, shown once (docs/auth-api.md §3 "Recovery codes"), with ways to keep
 * them; the owner says when they have saved them, and the codes are not shown again.
 */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [copied, setCopied] = useState<boolean | null>(null)
  const titleId = useId()

  async function copyCodes() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'))
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }

  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-4 text-sm"
    >
      <h4 id={titleId} className="font-semibold">
        Recovery codes
      </h4>
      <p>{RECOVERY_CODES_INTRO}</p>
      <p className="text-muted-foreground">
        You will not see these codes again. If you lose your phone, log in with your password and
        choose &quot;Use a recovery code instead&quot;.
      </p>
      <ol
        aria-labelledby={titleId}
        className="grid grid-cols-1 gap-x-6 gap-y-1 rounded-md border bg-card p-3 font-mono sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => void copyCodes()}>
          <Copy aria-hidden="true" />
          Copy codes
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() =>
            downloadBlob(
              'localseo-ai-recovery-codes.txt',
              new Blob([codesText(codes)], { type: 'text/plain;charset=utf-8' }),
            )
          }
        >
          <Download aria-hidden="true" />
          Download
        </Button>
      </div>
      <p role="status" className="text-xs text-muted-foreground">
        {copied === true
          ? 'Codes copied.'
          : copied === false
            ? 'Copying failed: select the codes and copy them.'
            : ''}
      </p>
      <div>
        <Button type="button" onClick={onDone}>
          I have saved my codes
        </Button>
      </div>
    </section>
  )
}
