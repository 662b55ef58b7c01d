import type { BadgeId, BadgeProgress } from '@localseo/shared/progress'
import { Award, BadgeCheck, Code, Lock, MapPin, PenLine, Rocket } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { cn } from '@/lib/utils'

const badgeIcons: Record<BadgeId, typeof Award> = {
  'seo-beginner': Rocket,
  'local-hero': MapPin,
  'technical-expert': Code,
  'content-creator': PenLine,
  'seo-pro': Award,
}

/** docs/product.md §9 badges; earned and locked read differently in words and icons, not only in colour. */
export function AchievementsCard({ badges }: { badges: BadgeProgress[] }) {
  const earned = badges.filter((b) => b.earned).length
  return (
    <Card aria-labelledby="achievements-title" role="region" className="h-full">
      <CardHeader>
        <CardTitle id="achievements-title">Achievements</CardTitle>
        <p className="text-sm text-muted-foreground">
          {earned} of {badges.length} earned
        </p>
      </CardHeader>
      <CardContent>
        <ul aria-label="Badges" className="grid grid-cols-1 gap-2">
          {badges.map((badge) => {
            const Icon = badgeIcons[badge.id]
            return (
              <li
                key={badge.id}
                data-earned={badge.earned}
                className={cn(
                  'flex items-center gap-3 rounded-lg border px-3 py-2',
                  badge.earned ? 'border-success/40 bg-success/5' : 'border-dashed bg-muted/40',
                )}
              >
                <span
                  className={cn(
                    'flex size-9 shrink-0 items-center justify-center rounded-full',
                    badge.earned ? 'bg-success/15 text-success' : 'bg-muted text-muted-foreground',
                  )}
                >
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                <div className="min-w-0 flex-1">
                  <p
                    className={cn('text-sm font-medium', !badge.earned && 'text-muted-foreground')}
                  >
                    {badge.name}
                  </p>
                  <p className="text-xs text-muted-foreground">{badge.description}</p>
                </div>
                {badge.earned ? (
                  <span className="inline-flex shrink-0 items-center gap-1 text-xs font-semibold text-success">
                    <BadgeCheck aria-hidden="true" className="size-4" />
                    Earned
                  </span>
                ) : (
                  <span className="inline-flex shrink-0 items-center gap-1 text-xs text-muted-foreground">
                    <Lock aria-hidden="true" className="size-3.5" />
                    Locked ({badge.current}/{badge.target})
                  </span>
                )}
              </li>
            )
          })}
        </ul>
      </CardContent>
    </Card>
  )
}
