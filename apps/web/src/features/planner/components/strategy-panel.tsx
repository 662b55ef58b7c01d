import type { PlannerKeyword } from '@localseo/shared/keyword-engine'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { contentPlan, strategyTimeline } from '../utils/insights'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** docs/product.md §2: on the Saved tab, a content plan and a six-month timeline by difficulty. */
export function StrategyPanel({ keywords }: { keywords: readonly PlannerKeyword[] }) {
  const plan = contentPlan(keywords)
  return (
    <Card role="region" aria-labelledby="strategy-title">
      <CardHeader>
        <CardTitle id="strategy-title">Keyword Strategy</CardTitle>
        <CardDescription>A plan for the keywords you saved.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <section aria-labelledby="content-plan-title" className="grid gap-2">
          <h3 id="content-plan-title" className="text-sm font-semibold">
            Content Plan
          </h3>
          {plan.length === 0 ? (
            <p className="text-sm text-muted-foreground">Save keywords to build a content plan.</p>
          ) : (
            <ul aria-labelledby="content-plan-title" className="grid gap-3">
              {plan.map((item) => (
                <li key={item.intent} className="text-sm">
                  <p className="font-medium">
                    {item.title} ({plural(item.count, 'keyword', 'keywords')})
                  </p>
                  <p className="break-words text-muted-foreground">
                    {item.examples.map((k) => k.keyword).join(', ')}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="timeline-title" className="grid gap-2">
          <h3 id="timeline-title" className="text-sm font-semibold">
            Timeline
          </h3>
          <ol aria-labelledby="timeline-title" className="grid gap-2">
            {strategyTimeline(keywords).map((step) => (
              <li key={step.period} className="flex items-baseline gap-3 text-sm">
                <span className="w-24 shrink-0 font-medium">{step.period}</span>
                <span className="text-muted-foreground">
                  {plural(
                    step.count,
                    `${step.difficulty}-difficulty keyword`,
                    `${step.difficulty}-difficulty keywords`,
                  )}
                </span>
              </li>
            ))}
          </ol>
        </section>
      </CardContent>
    </Card>
  )
}
