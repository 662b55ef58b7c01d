import type { PlannerKeyword } from '@localseo/shared/keyword-engine'
import type { Money } from '@localseo/shared/money'
import { Lightbulb } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { intentDistribution, plannerRecommendations } from '../utils/insights'
import { IntentChart } from './intent-chart'

export function InsightsPanel({
  keywords,
  money,
}: {
  keywords: readonly PlannerKeyword[]
  money: Money
}) {
  const recommendations = plannerRecommendations(keywords, money)
  return (
    <Card role="region" aria-labelledby="insights-title">
      <CardHeader>
        <CardTitle id="insights-title">Insights</CardTitle>
        <CardDescription>From the estimates of the keywords shown.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <IntentChart data={intentDistribution(keywords)} />
        <section aria-labelledby="planner-recommendations-title" className="grid gap-2">
          <h3 id="planner-recommendations-title" className="text-sm font-semibold">
            Recommendations
          </h3>
          {recommendations.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              Recommendations appear once there are keywords to look at.
            </p>
          ) : (
            <ul aria-labelledby="planner-recommendations-title" className="grid gap-2">
              {recommendations.map((text) => (
                <li key={text} className="flex gap-2 text-sm">
                  <Lightbulb aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                  <span>{text}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </CardContent>
    </Card>
  )
}
