import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { formatDateTime } from '@/lib/dates'
import { relativeTime } from '@/lib/format'
import { useTimeZone } from '@/lib/time-zone'
import type { Activity } from '../api/get-dashboard'

export function RecentActivityCard({ activity }: { activity: Activity[] }) {
  const timeZone = useTimeZone()
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Activity</CardTitle>
      </CardHeader>
      <CardContent>
        {activity.length === 0 ? (
          <p className="text-sm text-muted-foreground">No activity yet.</p>
        ) : (
          <ul aria-label="Recent activity" className="grid grid-cols-1 gap-3">
            {activity.map((entry) => (
              <li
                key={entry.id}
                className="flex flex-col gap-0.5 border-l-2 border-primary/40 pl-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
              >
                {/* A long domain in a message wraps anywhere rather than widen the page. */}
                <span className="min-w-0 text-sm [overflow-wrap:anywhere]">{entry.message}</span>
                <time
                  dateTime={entry.createdAt}
                  title={formatDateTime(entry.createdAt, timeZone)}
                  className="shrink-0 text-xs text-muted-foreground"
                >
                  {relativeTime(entry.createdAt)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
