import {
  AUTOMATION_LABELS,
  FREQUENCY_LABELS,
  KIND_FREQUENCIES,
  type Frequency,
} from '@localseo/shared/automation'
import { ErrorAlert } from '@/components/error-alert'
import { OptionSelect } from '@/components/option-select'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { describeRunTime, useSchedules, useUpdateSchedule, type Schedule } from '@/lib/automation'
import { usePendingChoice } from '@/lib/pending-choice'

/** 'Next check: tomorrow 4:10 AM' and 'Last check: today 4:12 AM (6 keywords checked)', or that it is off. */
function ScheduleTimes({ schedule }: { schedule: Schedule }) {
  const { nextRunAt, lastRunAt, lastOutcome, timeZone } = schedule
  return (
    <dl className="grid gap-1 text-sm">
      <div className="flex flex-wrap gap-x-2">
        <dt className="text-muted-foreground">Next check:</dt>
        <dd>{nextRunAt ? describeRunTime(nextRunAt, timeZone) : 'off'}</dd>
      </div>
      <div className="flex flex-wrap gap-x-2">
        <dt className="text-muted-foreground">Last check:</dt>
        <dd>
          {lastRunAt
            ? `${describeRunTime(lastRunAt, timeZone, new Date(), true)}${lastOutcome ? ` (${lastOutcome})` : ''}`
            : 'not yet'}
        </dd>
      </div>
    </dl>
  )
}

function ScheduleRow({ businessId, listed }: { businessId: string; listed: Schedule }) {
  // Read here too, not only passed down: when a save settles, this row renders before its parent
  // and must already see what the save stored, or the select springs back for a moment.
  const schedule =
    useSchedules(businessId).data?.find((saved) => saved.kind === listed.kind) ?? listed
  const update = useUpdateSchedule(businessId)
  const choice = usePendingChoice<Frequency>()
  const label = AUTOMATION_LABELS[schedule.kind]
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_12rem] sm:items-start">
      <div className="grid gap-2">
        <h3 className="font-medium">{label.title}</h3>
        <p className="text-sm text-muted-foreground">{label.detail}</p>
        <ScheduleTimes schedule={schedule} />
        {update.error ? <ErrorAlert>{update.error.message}</ErrorAlert> : null}
      </div>
      <OptionSelect<Frequency>
        label={`How often: ${label.title}`}
        value={choice.pending ? choice.pending.value : schedule.frequency}
        options={KIND_FREQUENCIES[schedule.kind].map((value) => ({
          value,
          label: FREQUENCY_LABELS[value],
        }))}
        onChange={(frequency) => {
          choice.show(frequency)
          update.mutate({ kind: schedule.kind, frequency }, { onSettled: choice.settled })
        }}
      />
    </div>
  )
}

/** Settings: how often the work that runs by itself runs, when next, and how it last went (issue 16). */
export function AutomationCard({ businessId }: { businessId: string }) {
  const schedules = useSchedules(businessId)
  return (
    <Card role="region" aria-labelledby="automation-title">
      <CardHeader>
        <CardTitle id="automation-title">Automatic checks</CardTitle>
        <CardDescription>
          These run by themselves, early in the morning in your business's time zone, whether or not
          you open the app.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {schedules.isPending ? (
          <Spinner label="Loading automatic checks…" />
        ) : schedules.isError ? (
          <ErrorAlert>Could not load your automatic checks. Please try again later.</ErrorAlert>
        ) : (
          schedules.data.map((schedule) => (
            <ScheduleRow key={schedule.kind} businessId={businessId} listed={schedule} />
          ))
        )}
      </CardContent>
    </Card>
  )
}
