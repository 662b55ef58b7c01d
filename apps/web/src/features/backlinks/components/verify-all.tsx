import { ShieldCheck, Square } from 'lucide-react'
import { Button } from '@/components/ui/button'
import type { VerifyAllProgress } from '../api/verify-backlinks'

const plural = (n: number, word: string) =>
  `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`

/** What Verify all has done so far, read out as it changes. */
export function verifyAllMessage(progress: VerifyAllProgress): string {
  const unreachable =
    progress.unreachable > 0 ? `, ${progress.unreachable} unreachable (will retry)` : ''
  const found = `${progress.active} active, ${progress.broken} broken, ${progress.unverifiable} unverifiable${unreachable}`
  if (progress.running) {
    return `Checking your backlinks… ${plural(progress.checked, 'page')} checked (${found}), ${progress.remaining.toLocaleString('en-US')} remaining.`
  }
  if (progress.error) return progress.error
  const done = `Checked ${plural(progress.checked, 'backlink')}: ${found}.`
  if (progress.stopped) return `Stopped. ${done} ${progress.remaining} still to check.`
  if (progress.remaining > 0) {
    return `${done} ${plural(progress.remaining, 'backlink')} were checked in the last 10 minutes and will be checked again later.`
  }
  return done
}

export function VerifyAllButton({
  progress,
  disabled,
  onRun,
  onStop,
}: {
  progress: VerifyAllProgress | null
  disabled: boolean
  onRun: () => void
  onStop: () => void
}) {
  if (progress?.running) {
    return (
      <Button variant="outline" size="sm" onClick={onStop}>
        <Square aria-hidden="true" />
        Stop checking
      </Button>
    )
  }
  return (
    <Button variant="outline" size="sm" disabled={disabled} onClick={onRun}>
      <ShieldCheck aria-hidden="true" />
      Verify all
    </Button>
  )
}
