import { hasBusinessName, type Business } from '@localseo/shared/business'
import { Bell } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { ErrorAlert } from '@/components/error-alert'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'
import { formatDateTime } from '@/lib/dates'
import { useTimeZone } from '@/lib/time-zone'
import { useMarkNotificationsRead, useNotifications, type Notification } from '../api/notifications'

function NotificationItem({ item, onOpen }: { item: Notification; onOpen: () => void }) {
  const timeZone = useTimeZone()
  return (
    <li className={cn('grid gap-1 px-4 py-3', !item.read && 'bg-accent/40')}>
      <Link to={item.link} onClick={onOpen} className="text-sm hover:underline">
        {!item.read ? <span className="sr-only">New: </span> : null}
        {item.message}
      </Link>
      <span className="text-xs text-muted-foreground">
        {formatDateTime(item.createdAt, timeZone)}
      </span>
    </li>
  )
}

/** Closes the panel on Escape and on a click outside it. */
function useDismiss(open: boolean, close: () => void) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close()
    const onClick = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) close()
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('mousedown', onClick)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('mousedown', onClick)
    }
  }, [open, close])
  return ref
}

/**
 * The bell in the header (issue 16 item 4): how many notifications are unread, and the newest 20 in
 * a panel: a keyword leaving the top 3 or 10 or moving 5 places, a backlink lost.
 */
export function NotificationBell({ business }: { business: Business }) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const list = useNotifications(business.id, hasBusinessName(business))
  const markRead = useMarkNotificationsRead(business.id)
  const ref = useDismiss(open, () => setOpen(false))
  if (!hasBusinessName(business)) return null
  const unread = list.data?.unread ?? 0
  return (
    <div ref={ref} className="relative">
      <Button
        variant="ghost"
        size="icon"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        onClick={() => setOpen((o) => !o)}
      >
        <Bell aria-hidden="true" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute top-1 right-1 flex min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-4 font-semibold text-white"
          >
            {unread > 9 ? '9+' : unread}
          </span>
        ) : null}
      </Button>
      {open ? (
        <div
          id={panelId}
          role="region"
          aria-label="Notifications"
          className="absolute right-0 z-40 mt-2 w-[22rem] rounded-lg border bg-card shadow-lg max-sm:fixed max-sm:inset-x-4 max-sm:top-16 max-sm:w-auto"
        >
          <div className="flex items-center justify-between gap-2 border-b px-4 py-2">
            <h2 className="text-sm font-semibold">Notifications</h2>
            {unread > 0 ? (
              <Button
                variant="ghost"
                size="sm"
                disabled={markRead.isPending}
                onClick={() => markRead.mutate()}
              >
                Mark all as read
              </Button>
            ) : null}
          </div>
          {list.isError ? (
            <div className="p-4">
              <ErrorAlert>Could not load your notifications. Please try again later.</ErrorAlert>
            </div>
          ) : list.data && list.data.notifications.length > 0 ? (
            <ul className="max-h-96 divide-y overflow-y-auto">
              {list.data.notifications.map((item) => (
                <NotificationItem key={item.id} item={item} onOpen={() => setOpen(false)} />
              ))}
            </ul>
          ) : (
            <p className="p-4 text-sm text-muted-foreground">
              {list.isPending
                ? 'Loading…'
                : 'Nothing new. You will hear here when a keyword drops out of the top 3 or 10, moves 5 places, or a backlink is lost.'}
            </p>
          )}
        </div>
      ) : null}
    </div>
  )
}
