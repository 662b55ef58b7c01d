import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'

const TIPS = [
  {
    title: 'Choosing keywords',
    items: [
      'Prefer phrases that name your service and your city, or end in "near me".',
      'Longer phrases have fewer searches but are easier to rank for and convert better.',
      'Skip keywords with low relevance: their visitors rarely become customers.',
    ],
  },
  {
    title: 'Using keywords',
    items: [
      'Give each important keyword one page, with it in the title, main heading and first paragraph.',
      'Add your services and city to your Google Business Profile and posts.',
      'Ask customers for reviews that mention the service they received.',
    ],
  },
  {
    title: 'Tracking progress',
    items: [
      'Analyze a keyword again after changes to see its position move.',
      'Rankings change slowly: judge a page after four to eight weeks, not days.',
      'Use the Keyword Planner to build a list and the Rank Tracker to follow it.',
    ],
  },
]

export function KeywordTips() {
  return (
    <Card role="region" aria-labelledby="keyword-tips-title">
      <CardHeader>
        <CardTitle id="keyword-tips-title">Keyword Tips</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-3">
        {TIPS.map((tip) => (
          <section key={tip.title} aria-label={tip.title} className="grid content-start gap-2">
            <h3 className="font-semibold">{tip.title}</h3>
            <ul className="grid list-disc gap-1.5 pl-5 text-sm text-muted-foreground">
              {tip.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        ))}
      </CardContent>
    </Card>
  )
}
