import { LOCAL_SEO_SCORE } from '@localseo/shared/dashboard'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'

/** SPEC §9: the score is fixed at 72 out of 100 once a business name exists. */
export function ScoreCard({ score }: { score: number | null | undefined }) {
  const value = score ?? LOCAL_SEO_SCORE
  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle>Local SEO Score</CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <p className="flex items-baseline gap-2">
          <span className="text-5xl font-semibold tracking-tight text-primary">{value}</span>
          <span className="text-sm text-muted-foreground">out of 100</span>
        </p>
        <div
          role="meter"
          aria-label="Local SEO Score"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={value}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${value}%` }} />
        </div>
        <p className="text-xs text-muted-foreground">
          A fixed starting score for now; it does not yet change with your data.
        </p>
      </CardContent>
    </Card>
  )
}
