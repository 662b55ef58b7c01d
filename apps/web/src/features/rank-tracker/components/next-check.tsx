import { CalendarClock } from 'lucide-react'
import { Link } from 'react-router'
import { paths } from '@/config/paths'
import { describeRunTime, useSchedules } from '@/lib/automation'

/** 'Next automatic check: tomorrow 4:10 AM', from the business's schedule (issue 16), with a way to change it. */
export function NextCheck({ businessId }: { businessId: string }) {
  const schedules = useSchedules(businessId)
  const rank = schedules.data?.find((schedule) => schedule.kind === 'rank_checks')
  if (!rank) return null
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
      <CalendarClock aria-hidden="true" className="size-4" />
      {rank.nextRunAt
        ? `Next automatic check: ${describeRunTime(rank.nextRunAt, rank.timeZone)}`
        : 'Automatic checks are off.'}
      <Link to={paths.settings} className="underline underline-offset-2 hover:text-foreground">
        Change in Settings
      </Link>
    </p>
  )
}
