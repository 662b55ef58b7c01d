import type { BacklinkVerifyRun } from '@localseo/shared/backlinks'
import { ShieldCheck, Square } from 'lucide-react'
import { Button } from '@/components/ui/button'
import type { VerifyAllState } from '../api/verify-backlinks'

const count = (n: number) => n.toLocaleString('en-US')
const plural = (n: number, word: string) => `${count(n)} ${word}${n === 1 ? '' : 's'}`

/** What the run found so far: '3 active, 1 broken, 0 unverifiable'. */
function found(run: BacklinkVerifyRun): string {
  const unreachable =
    run.unreachable > 0 ? `, ${count(run.unreachable)} unreachable (will retry)` : ''
  const failed = run.failed > 0 ? `, ${count(run.failed)} failed (checked again next time)` : ''
  return `${count(run.active)} active, ${count(run.broken)} broken, ${count(run.unverifiable)} unverifiable${unreachable}${failed}`
}

/** What Verify all has done so far, read out as it changes (the run is on the server). */
export function verifyAllMessage(run: BacklinkVerifyRun): string {
  const left = Math.max(0, run.total - run.checked - run.failed)
  switch (run.status) {
    case 'queued':
    case 'running':
      return run.total === 0 && run.status === 'queued'
        ? 'Checking your backlinks…'
        : `Checking your backlinks… ${count(run.checked)} of ${count(run.total)} checked (${found(run)}).`
    case 'failed':
      return run.error ?? 'The check of your backlinks stopped on an error.'
    case 'stopped':
      return `Stopped. Checked ${plural(run.checked, 'backlink')}: ${found(run)}. ${count(left)} still to check.`
    case 'done':
      if (run.total === 0) {
        return 'Every backlink was checked in the last 10 minutes; Verify all checks them again after that.'
      }
      return `Checked ${plural(run.checked, 'backlink')}: ${found(run)}.${left > 0 ? ` ${count(left)} still to check.` : ''}`
  }
}

export function VerifyAllButton({
  state,
  starting,
  disabled,
  onRun,
  onStop,
}: {
  state: VerifyAllState
  starting: boolean
  disabled: boolean
  onRun: () => void
  onStop: () => void
}) {
  if (state.active) {
    return (
      <Button variant="outline" size="sm" disabled={state.stopping} onClick={onStop}>
        <Square aria-hidden="true" />
        Stop checking
      </Button>
    )
  }
  return (
    <Button variant="outline" size="sm" disabled={disabled || starting} onClick={onRun}>
      <ShieldCheck aria-hidden="true" />
      Verify all
    </Button>
  )
}
