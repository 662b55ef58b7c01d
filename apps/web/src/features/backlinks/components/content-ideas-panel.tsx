import type { Business } from '@localseo/shared/business'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import { Lightbulb, Sparkles } from 'lucide-react'
import { BUSINESS_REQUIRED_MESSAGE } from '@/components/business-required'
import { ErrorAlert } from '@/components/error-alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-error'
import { useContentIdeas } from '../api/generate-content-ideas'
import { AiMessage } from './ai-message'
import { AiSourceBadge } from './ai-source-badge'
import { PanelHeader } from './panel-header'
import { TipCard } from './tip-card'

const strategyTips = [
  'Write for the people who would link to you: local journalists, bloggers, schools and event organisers.',
  'Add local data only you have, such as prices, seasonal demand or common questions from customers.',
  'Turn each idea into a page with a clear title, photos and your city in the headline.',
  'Share new pages with the local partners and groups they mention, and ask if they would link to them.',
  'Refresh your best-linked pages every year so they stay worth linking to.',
]

/** docs/product.md §2 Content Ideas: Generate Ideas for the selected location, and static strategy tips. */
export function ContentIdeasPanel({
  business,
  location,
  named,
}: {
  business: Business
  location: ResolvedLocation
  named: boolean
}) {
  const ideas = useContentIdeas(business.id, location.id)
  const place = [location.city, location.state].filter(Boolean).join(', ')

  return (
    <div className="grid gap-6">
      <PanelHeader
        title="Content Ideas"
        description={`Ideas for content that earns links${place ? ` in ${place}` : ''}.`}
        action={
          <Button disabled={!named || ideas.isFetching} onClick={() => void ideas.refetch()}>
            <Sparkles aria-hidden="true" />
            {ideas.isFetching ? 'Generating...' : 'Generate Ideas'}
          </Button>
        }
      />

      {!named ? (
        <AiMessage text={BUSINESS_REQUIRED_MESSAGE} settingsLink />
      ) : ideas.isFetching ? (
        <Spinner label="Generating ideas…" />
      ) : ideas.isError ? (
        ideas.error instanceof ApiError && ideas.error.status === 422 ? (
          <AiMessage text={ideas.error.message} settingsLink />
        ) : (
          <ErrorAlert>{ideas.error.message}</ErrorAlert>
        )
      ) : ideas.data ? (
        <Card>
          <CardHeader>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <CardTitle>Content ideas for {location.label}</CardTitle>
              <AiSourceBadge source={ideas.data.source} />
            </div>
          </CardHeader>
          <CardContent>
            <ol aria-label="Content ideas" className="grid list-decimal gap-3 pl-5 text-sm">
              {ideas.data.ideas.map((idea) => (
                <li key={idea} className="leading-relaxed whitespace-pre-line">
                  {idea}
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardContent className="py-10 text-center text-sm text-muted-foreground">
            Choose Generate Ideas for content ideas that fit {location.label}.
          </CardContent>
        </Card>
      )}

      <TipCard
        icon={Lightbulb}
        title="Content Strategy Tips"
        description="How to turn ideas into pages that attract local links."
        tips={strategyTips}
      />
    </div>
  )
}
