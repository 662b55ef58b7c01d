// The bell's panel (issue 16 item 4): the newest 20 notifications and 'Mark all as read'. Loaded when
// the owner first opens it, not with every screen (docs/decisions/019-compressed-assets-and-preloading.md).
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

export function NotificationPanel({
  businessId,
  onClose,
}: {
  businessId: string
  onClose: () => void
}) {
  const list = useNotifications(businessId, true)
  const markRead = useMarkNotificationsRead(businessId)
  const unread = list.data?.unread ?? 0
  return (
    <>
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
            <NotificationItem key={item.id} item={item} onOpen={onClose} />
          ))}
        </ul>
      ) : (
        <p className="p-4 text-sm text-muted-foreground">
          {list.isPending
            ? 'Loading…'
            : 'Nothing new. You will hear here when a keyword drops out of the top 3 or 10 or moves 5 places, a backlink is lost, a website issue or a listing needs you, or a new Google review comes in.'}
        </p>
      )}
    </>
  )
}
