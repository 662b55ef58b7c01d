// Work that runs by itself (issue 16): the business's schedules (/api/automation), read by the
// Settings card that changes them and by the screens that say when the next check runs.
import {
  schedulesResponseSchema,
  type Schedule,
  type ScheduleUpdate,
} from '@localseo/shared/automation'
import { dayIn } from '@localseo/shared/dates'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient, toApiError } from './api-client'
import { automationKey } from './query-keys'

export type { Schedule } from '@localseo/shared/automation'

const schedulesKey = (businessId: string) => [...automationKey, businessId] as const

async function fetchSchedules(): Promise<Schedule[]> {
  const response = await apiClient.api.automation.$get()
  if (!response.ok) throw await toApiError(response)
  return schedulesResponseSchema.parse(await response.json()).schedules
}

async function updateSchedule(update: ScheduleUpdate): Promise<Schedule[]> {
  const response = await apiClient.api.automation.$put({ json: update })
  if (!response.ok) throw await toApiError(response)
  return schedulesResponseSchema.parse(await response.json()).schedules
}

export function useSchedules(businessId: string) {
  return useQuery({
    ...queryOptions({ queryKey: schedulesKey(businessId), queryFn: fetchSchedules }),
    enabled: businessId !== '',
  })
}

export function useUpdateSchedule(businessId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateSchedule,
    onSuccess: (schedules) => queryClient.setQueryData(schedulesKey(businessId), schedules),
  })
}

const DAY_MS = 86_400_000
const SOON_MS = 90_000

/**
 * 'in a moment', 'just now', 'today 6:10 AM', 'tomorrow 6:10 AM' or 'Mon, Dec 1, 6:10 AM': a run's
 * time in the business's time zone, in the browser's customs ('today 06:10' in the UK, issue 32 item
 * 5), in words an owner reads at a glance. `ended`: the time a run finished
 * ('Last check: just now'), never 'in a moment' (issue 32 item 9); a next run that is due reads 'in a
 * moment' even when its time has just passed.
 */
export function describeRunTime(
  iso: string,
  timeZone: string,
  now = new Date(),
  ended = false,
): string {
  const date = new Date(iso)
  // Due now: the planner takes it within the minute.
  if (Math.abs(date.getTime() - now.getTime()) < SOON_MS) return ended ? 'just now' : 'in a moment'
  const time = new Intl.DateTimeFormat(undefined, {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
  }).format(date)
  const day = dayIn(date, timeZone)
  if (day === dayIn(now, timeZone)) return `today ${time}`
  if (day === dayIn(new Date(now.getTime() + DAY_MS), timeZone)) return `tomorrow ${time}`
  if (day === dayIn(new Date(now.getTime() - DAY_MS), timeZone)) return `yesterday ${time}`
  const weekday = new Intl.DateTimeFormat(undefined, {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  }).format(date)
  return `${weekday}, ${time}`
}
