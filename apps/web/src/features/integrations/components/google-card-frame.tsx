import { GOOGLE_SERVICE_NAMES, type GoogleService } from '@localseo/shared/integrations'
import { BarChart3, Search } from 'lucide-react'
import type { ReactNode } from 'react'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'

const descriptions: Record<GoogleService, string> = {
  'search-console': 'Search queries, clicks and rankings for your website.',
  analytics: 'Visitors, traffic sources and your most visited pages.',
}

/** The Search Console or Analytics card: icon, name and what it brings; the state is the children. */
export function GoogleCardFrame({
  service,
  simulated = false,
  children,
}: {
  service: GoogleService
  /** Google is simulated on this server: the card carries the 'Simulated' badge. */
  simulated?: boolean
  children: ReactNode
}) {
  const Icon = service === 'analytics' ? BarChart3 : Search
  return (
    <Card aria-labelledby={`${service}-title`} role="region" className="flex flex-col">
      <CardHeader className="flex-row items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle id={`${service}-title`} className="text-base">
              {GOOGLE_SERVICE_NAMES[service]}
            </CardTitle>
            {simulated ? (
              <Badge
                variant="outline"
                className="border-warning/40 bg-warning/10 font-medium text-foreground"
              >
                Simulated
              </Badge>
            ) : null}
          </div>
          <CardDescription>{descriptions[service]}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">{children}</CardContent>
    </Card>
  )
}
