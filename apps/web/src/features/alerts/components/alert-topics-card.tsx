import { ALERT_TOPIC_LABELS } from '@localseo/shared/alert-topic-labels'
import { ALERT_TOPICS, type AlertTopic } from '@localseo/shared/alerts'
import { ErrorAlert } from '@/components/error-alert'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { usePendingChoice } from '@/lib/pending-choice'
import { useAlertPreferences, useSaveAlertPreferences } from '../api/preferences'

/**
 * Settings → Alerts (issue 16 item 4): the topics the owner hears about, in the bell and in the daily
 * alert email. Each box saves as it is ticked; the list shows the choice being saved at once.
 */
export function AlertTopicsCard({ businessId }: { businessId: string }) {
  const preferences = useAlertPreferences(businessId)
  const save = useSaveAlertPreferences(businessId)
  const choice = usePendingChoice<AlertTopic[]>()
  const chosen = choice.pending ? choice.pending.value : preferences.data?.topics
  const toggle = (topic: AlertTopic, on: boolean) => {
    const topics = new Set(chosen)
    if (on) topics.add(topic)
    else topics.delete(topic)
    const next = ALERT_TOPICS.filter((t) => topics.has(t))
    choice.show(next)
    save.mutate({ topics: next }, { onSettled: choice.settled })
  }
  return (
    <Card role="region" aria-labelledby="alert-topics-title">
      <CardHeader>
        <CardTitle id="alert-topics-title">Alerts</CardTitle>
        <CardDescription>
          What the bell at the top of the page and the daily alert email tell you about.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {preferences.isPending ? (
          <Spinner label="Loading your alert choices…" />
        ) : preferences.isError || !chosen ? (
          <ErrorAlert>Could not load your alert choices. Please try again later.</ErrorAlert>
        ) : (
          <fieldset className="grid gap-4">
            <legend className="sr-only">Tell me about</legend>
            {ALERT_TOPICS.map((topic) => (
              <div key={topic} className="flex items-start gap-3">
                <input
                  id={`alert-topic-${topic}`}
                  type="checkbox"
                  className="mt-1 size-4 shrink-0 accent-primary"
                  aria-describedby={`alert-topic-${topic}-detail`}
                  checked={chosen.includes(topic)}
                  onChange={(e) => toggle(topic, e.target.checked)}
                />
                <div className="grid gap-0.5">
                  <label htmlFor={`alert-topic-${topic}`} className="font-medium">
                    {ALERT_TOPIC_LABELS[topic].title}
                  </label>
                  <p id={`alert-topic-${topic}-detail`} className="text-sm text-muted-foreground">
                    {ALERT_TOPIC_LABELS[topic].detail}
                  </p>
                </div>
              </div>
            ))}
          </fieldset>
        )}
        {save.error ? <ErrorAlert>{save.error.message}</ErrorAlert> : null}
        <p className="text-sm text-muted-foreground" role="status">
          {save.isSuccess && !save.isPending ? 'Saved.' : ''}
        </p>
      </CardContent>
    </Card>
  )
}
