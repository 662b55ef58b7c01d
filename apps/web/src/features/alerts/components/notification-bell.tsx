import { hasBusinessName, type Business } from '@localseo/shared/business'
import { Bell } from 'lucide-react'
import { lazy, Suspense, useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { useDismiss } from '@/lib/use-dismiss'
import { useNotifications } from '../api/notifications'

const NotificationPanel = lazy(async () => ({
  default: (await import('./notification-panel')).NotificationPanel,
}))

/**
 * The bell in the header (issue 16 item 4): how many notifications are unread, and the newest 20 in
 * a panel whose code loads when the bell is first pointed at or opened (notification-panel.tsx).
 */
export function NotificationBell({ business }: { business: Business }) {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const list = useNotifications(business.id, hasBusinessName(business))
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
        // The panel's code starts loading as the pointer or the focus reaches the bell.
        onPointerEnter={() => void import('./notification-panel')}
        onFocus={() => void import('./notification-panel')}
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
          <Suspense fallback={<p className="p-4 text-sm text-muted-foreground">Loading…</p>}>
            <NotificationPanel businessId={business.id} onClose={() => setOpen(false)} />
          </Suspense>
        </div>
      ) : null}
    </div>
  )
}
