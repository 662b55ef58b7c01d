// GET /api/alerts and POST /api/alerts/read (issue 16 item 4): the notification list in the header.
import { notificationsResponseSchema, type Notification } from '@localseo/shared/alerts'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type * as z from 'zod/mini'
import { apiClient, toApiError } from '@/lib/api-client'
import { alertsKey } from '@/lib/query-keys'

type NotificationList = z.infer<typeof notificationsResponseSchema>
export type { Notification }

/** New notifications come with the daily checks: a look every few minutes is plenty. */
const REFRESH_MS = 5 * 60_000

const notificationsKey = (businessId: string) => [...alertsKey, businessId] as const

async function fetchNotifications(): Promise<NotificationList> {
  const response = await apiClient.api.alerts.$get()
  if (!response.ok) throw await toApiError(response)
  return notificationsResponseSchema.parse(await response.json())
}

async function markRead(): Promise<NotificationList> {
  const response = await apiClient.api.alerts.read.$post()
  if (!response.ok) throw await toApiError(response)
  return notificationsResponseSchema.parse(await response.json())
}

export function useNotifications(businessId: string, enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: notificationsKey(businessId), queryFn: fetchNotifications }),
    enabled: enabled && businessId !== '',
    refetchInterval: REFRESH_MS,
  })
}

export function useMarkNotificationsRead(businessId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markRead,
    onSuccess: (list) => queryClient.setQueryData(notificationsKey(businessId), list),
  })
}
