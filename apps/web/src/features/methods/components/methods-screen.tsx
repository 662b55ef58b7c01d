import { LOCAL_SEO_SCORE } from '@localseo/shared/dashboard'
import {
  averageRank,
  DAYS_PER_MONTH,
  MIN_REVIEW_SPAN_DAYS,
  NOT_FOUND_RANK,
  reviewsPerMonth,
  shareOfLocalVoice,
  SOLV_WEIGHTS,
  top3Share,
  type MeasuredPoint,
} from '@localseo/shared/local-metrics'
import {
  CHECK_PENALTY,
  FULL_MARKS_DOMAINS,
  SCORE_GROUP_LABELS,
  SCORE_GROUP_WEIGHTS,
  type ScoreGroup,
} from '@localseo/shared/local-seo-score'
import { useEffect, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'

/**
 * Methods (issue 34 item 3): every formula behind the geo-grid, competitor and score figures, in
 * words and symbols, with a worked example. The examples are computed here by the same functions
 * the figures use (shared/local-metrics.ts), on the numbers of its tests, so the page cannot drift
 * from the code.
 */
export function MethodsScreen() {
  useScrollToHash()
  return (
    <section>
      <PageHeader
        title="How LocalSEO AI computes its figures"
        description="Every figure on the map grid, the competitors and the score, worked out so you can check any of them by hand."
      />
      <nav aria-label="Figures on this page" className="mb-6">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a
                className="text-primary underline-offset-4 hover:underline"
                href={`#${section.id}`}
              >
                {section.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid gap-6">
        {SECTIONS.map((section) => (
          <Card key={section.id} id={section.id} className="scroll-mt-20">
            <CardHeader>
              <CardTitle>{section.title}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3 text-sm">{section.body}</CardContent>
          </Card>
        ))}
      </div>
    </section>
  )
}

/** A link such as /methods#top-3-share lands on its section once the page has drawn. */
function useScrollToHash() {
  const { hash } = useLocation()
  useEffect(() => {
    if (!hash) return
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.()
  }, [hash])
}

function Formula({ children }: { children: ReactNode }) {
  return <p className="rounded-md bg-muted px-3 py-2 font-mono text-sm break-words">{children}</p>
}

function Part({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="font-medium">{label}</h3>
      <div className="text-muted-foreground">{children}</div>
    </div>
  )
}

const ok = (position: number | null): MeasuredPoint => ({ status: 'ok', position })

/** The example scan (as in local-metrics.test.ts): five answers, one failed, one deferred. */
const EXAMPLE: MeasuredPoint[] = [
  ok(1),
  ok(2),
  ok(5),
  ok(12),
  ok(null),
  { status: 'failed', position: null },
  { status: 'deferred', position: null },
]
const EXAMPLE_TEXT =
  'A 7-point scan: positions 1, 2, 5 and 12 at four points, not among the 20 places at a fifth, one point failed and one was put off by the day’s budget.'

const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`)
const decimal = (n: number | null, digits = 1) => (n === null ? '—' : n.toFixed(digits))

const ANSWERED =
  'Only points where the search answered count. A failed or postponed search is unknown, not a drop: it never enters the figure, and the screen says how many were left out.'

const example = {
  averageRank: averageRank(EXAMPLE),
  top3Share: top3Share(EXAMPLE),
  solv: shareOfLocalVoice(EXAMPLE),
  // 40 reviews on 1 March, 45 on 15 April, 52 on 31 May (as in local-metrics.test.ts).
  reviews: reviewsPerMonth([
    { at: '2026-03-01T00:00:00Z', reviewCount: 40 },
    { at: '2026-04-15T00:00:00Z', reviewCount: 45 },
    { at: '2026-05-31T00:00:00Z', reviewCount: 52 },
  ]),
}

/** A competitor over 10 answered searches (as in local-metrics.test.ts): 1st at 2, 4th at 3. */
const COMPETITOR_TALLY = {
  answered: 10,
  atRank: Array.from({ length: NOT_FOUND_RANK - 1 }, (_, i) => (i === 0 ? 2 : i === 3 ? 3 : 0)),
}
const COMPETITOR_EXAMPLE_TEXT =
  'Over 10 answered searches (two scans’ points and a few daily checks), a competitor was 1st at 2, 4th at 3 and absent at the other 5.'
const competitorExample = {
  averageRank: averageRank(COMPETITOR_TALLY),
  top3Share: top3Share(COMPETITOR_TALLY),
  weighted: shareOfLocalVoice(COMPETITOR_TALLY).weighted,
}

const weightRanges = SOLV_WEIGHTS.map((entry, index) => {
  const from = (SOLV_WEIGHTS[index - 1]?.upTo ?? 0) + 1
  return { label: from === entry.upTo ? `${from}` : `${from}–${entry.upTo}`, weight: entry.weight }
})
const lastWeighted = SOLV_WEIGHTS.at(-1)?.upTo ?? 0

/** The score's groups in the order the dashboard lists them, with their published weights. */
const SCORE_GROUPS: ScoreGroup[] = ['website', 'local', 'links', 'citations', 'profile']
const ALL_WEIGHTS = SCORE_GROUPS.reduce((sum, group) => sum + SCORE_GROUP_WEIGHTS[group], 0)
const WITHOUT_AUDIT = ALL_WEIGHTS - SCORE_GROUP_WEIGHTS.website - SCORE_GROUP_WEIGHTS.local
/** An example: website 80, local 70, links 50, listings 60, profile 100. */
const SCORE_EXAMPLE: Record<ScoreGroup, number> = {
  website: 80,
  local: 70,
  links: 50,
  citations: 60,
  profile: 100,
}
const scoreExampleTerms = SCORE_GROUPS.map(
  (group) => `${SCORE_GROUP_WEIGHTS[group]} × ${SCORE_EXAMPLE[group]}`,
).join(' + ')
const scoreExampleSum = SCORE_GROUPS.reduce(
  (sum, group) => sum + SCORE_GROUP_WEIGHTS[group] * SCORE_EXAMPLE[group],
  0,
)

const penalties = `critical ${CHECK_PENALTY.critical}, alert ${CHECK_PENALTY.alert}, warning ${CHECK_PENALTY.warning}`

const SCORE_PART_RULES: Record<ScoreGroup, string> = {
  website: `100 minus a penalty for each failed technical or content check of the latest site audit (${penalties}), half of it for a problem on a single page, all of it for one on every page crawled.`,
  local: `100 minus a penalty for each failed local check on your home and location pages (${penalties}), in full.`,
  links: `40% link quality ((high + medium ÷ 2) ÷ all backlinks), 40% different websites linking (${FULL_MARKS_DOMAINS} or more is full marks), 20% links still working (1 − broken ÷ all). No backlinks is 0.`,
  citations:
    'The share of listings, over the business and every location, whose name, address and phone match your profile.',
  profile:
    'Completeness of your details: the required details 2 points, a website 2, a specific category 1, a ZIP code that matches the state 1, and for locations 2 in all (a phone, a matching ZIP and a page of their own).',
}

const SECTIONS: { id: string; title: string; body: ReactNode }[] = [
  {
    id: 'average-rank',
    title: 'Average rank',
    body: (
      <>
        <p>
          Where you appear on Google Maps, on average, across the points of a map grid scan. Lower
          is better; 1 is the top.
        </p>
        <Formula>
          average rank = (r₁ + r₂ + … + rₙ) ÷ n, where rᵢ is your position at answered point i, or{' '}
          {NOT_FOUND_RANK} when you are not among its places
        </Formula>
        <Part label="Inputs">
          Your position at each point of one scan. A map search returns at most 20 places, so a
          point where you are not among them counts as {NOT_FOUND_RANK}: one place below the last
          that could be seen. {ANSWERED}
        </Part>
        <Part label="Worked example">
          {EXAMPLE_TEXT} (1 + 2 + 5 + 12 + {NOT_FOUND_RANK}) ÷ 5 ={' '}
          <strong>{decimal(example.averageRank)}</strong>. The screen rounds to one decimal.
        </Part>
      </>
    ),
  },
  {
    id: 'top-3-share',
    title: 'Top-3 share',
    body: (
      <>
        <p>
          How much of the area you are in the top 3 places, the ones Google shows under the map.
        </p>
        <Formula>top-3 share = (answered points where your position is 1, 2 or 3) ÷ n</Formula>
        <Part label="Inputs">
          Your position at each point of one scan; a point where you are not among the places is not
          in the top 3. {ANSWERED}
        </Part>
        <Part label="Worked example">
          {EXAMPLE_TEXT} Positions 1 and 2 are in the top 3: 2 ÷ 5 ={' '}
          <strong>{percent(example.top3Share)}</strong>.
        </Part>
      </>
    ),
  },
  {
    id: 'share-of-local-voice',
    title: 'Share of local voice',
    body: (
      <>
        <p>
          How much of the map you own for a search. Tools define it differently, so we show two
          figures and say exactly what each is.
        </p>
        <Part label="Map-pack share (Local Falcon’s definition)">
          The share of answered points where you are in the map pack, positions 1 to 3. It is the
          same number as the top-3 share.
        </Part>
        <Formula>share of local voice = (answered points in positions 1–3) ÷ n</Formula>
        <Part label="Weighted share (our definition)">
          Each answered point earns a weight for your position there, and the share is their mean.
          No tool publishes its weights, so these are ours: the map pack earns most, the rest of the
          first page a little, below position {lastWeighted} or absent nothing.
        </Part>
        <Formula>weighted share = (w(r₁) + w(r₂) + … + w(rₙ)) ÷ n</Formula>
        <table className="w-full max-w-xs text-left">
          <caption className="sr-only">Weight of each position</caption>
          <thead>
            <tr className="border-b">
              <th scope="col" className="py-1 font-medium">
                Position
              </th>
              <th scope="col" className="py-1 font-medium">
                Weight w
              </th>
            </tr>
          </thead>
          <tbody>
            {weightRanges.map((range) => (
              <tr key={range.label} className="border-b">
                <td className="py-1">{range.label}</td>
                <td className="py-1">{range.weight}</td>
              </tr>
            ))}
            <tr>
              <td className="py-1">
                {lastWeighted + 1} or lower, or not found ({NOT_FOUND_RANK})
              </td>
              <td className="py-1">0</td>
            </tr>
          </tbody>
        </table>
        <Part label="Worked example">
          {EXAMPLE_TEXT} Map-pack share: 2 ÷ 5 = <strong>{percent(example.solv.mapPack)}</strong>.
          Weighted: (1 + 0.8 + 0.2 + 0 + 0) ÷ 5 = <strong>{percent(example.solv.weighted)}</strong>.
        </Part>
      </>
    ),
  },
  {
    id: 'competitor-figures',
    title: 'Competitors’ figures',
    body: (
      <>
        <p>
          The Competitors screen applies the same formulas to every business the map searches of a
          location returned, over the last 30, 90 or 365 days, and to you over the same searches.
        </p>
        <Part label="Inputs">
          Every answered map search of the location in the window: each point of each geo-grid scan
          and each tracked keyword’s daily map check from your pin. A competitor counts at the rank
          it had where it appeared and as {NOT_FOUND_RANK} (absent) at every other answered search.
          A business is one competitor whatever name it was shown under: by its Google place id, or
          by its name when the provider gave no id. {ANSWERED}
        </Part>
        <Formula>
          above you = answered searches where it ranked higher than you, or where you were absent
        </Formula>
        <Part label="Worked example">
          {COMPETITOR_EXAMPLE_TEXT} Average rank (2 × 1 + 3 × 4 + 5 × {NOT_FOUND_RANK}) ÷ 10 ={' '}
          <strong>{decimal(competitorExample.averageRank)}</strong>; top-3 share 2 ÷ 10 ={' '}
          <strong>{percent(competitorExample.top3Share)}</strong>; weighted share (2 × 1 + 3 × 0.2)
          ÷ 10 = <strong>{percent(competitorExample.weighted)}</strong>.
        </Part>
      </>
    ),
  },
  {
    id: 'reviews-per-month',
    title: 'Reviews per month',
    body: (
      <>
        <p>
          How fast a business gains Google reviews, from the review counts we have seen over time.
        </p>
        <Formula>
          reviews per month = (last count − first count) ÷ (days between them ÷ {DAYS_PER_MONTH})
        </Formula>
        <Part label="Inputs">
          The business’s review count each time we saw it, with the date. Only the first and the
          last count matter; a month is {DAYS_PER_MONTH} days (365.25 ÷ 12). Reviews Google removed
          lower the figure and can make it negative. With one count, or counts less than{' '}
          {MIN_REVIEW_SPAN_DAYS} days apart, there is no figure.
        </Part>
        <Part label="Worked example">
          40 reviews on 1 March, 45 on 15 April, 52 on 31 May: 12 more over 91 days, and 91 ÷{' '}
          {DAYS_PER_MONTH} = 2.99 months, so 12 ÷ 2.99 = <strong>{decimal(example.reviews)}</strong>{' '}
          a month.
        </Part>
      </>
    ),
  },
  {
    id: 'local-seo-score',
    title: 'Local SEO score',
    body: (
      <>
        <p>
          One number from 0 to 100 for how well your business is set up for local search. Until your
          first site audit finishes, the dashboard shows a starting value of {LOCAL_SEO_SCORE};
          after that it is measured.
        </p>
        <Formula>
          score = round( Σ weight × part score ÷ Σ weight ), over the parts that could be measured
        </Formula>
        <Part label="Parts and weights">
          The weights come from Whitespark’s 2023 Local Search Ranking Factors for local organic
          results. Reviews, searcher behaviour and personalisation cannot be measured here and are
          left out; the weights are shared out again over the parts measured (a total of{' '}
          {ALL_WEIGHTS}, or {WITHOUT_AUDIT} when the audit could not read any page and the two
          website parts are left out).
        </Part>
        <table className="w-full text-left">
          <caption className="sr-only">Parts of the local SEO score</caption>
          <thead>
            <tr className="border-b">
              <th scope="col" className="py-1 pr-3 font-medium">
                Part
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Weight
              </th>
              <th scope="col" className="py-1 font-medium">
                How it scores 0–100
              </th>
            </tr>
          </thead>
          <tbody className="align-top">
            {SCORE_GROUPS.map((group) => (
              <tr key={group} className="border-b">
                <th scope="row" className="py-1 pr-3 font-normal">
                  {SCORE_GROUP_LABELS[group]}
                </th>
                <td className="py-1 pr-3">{SCORE_GROUP_WEIGHTS[group]}</td>
                <td className="py-1 text-muted-foreground">{SCORE_PART_RULES[group]}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <Part label="Worked example">
          Website 80, local signals 70, backlinks 50, listings 60, profile 100: ({scoreExampleTerms}
          ) ÷ {ALL_WEIGHTS} = {scoreExampleSum} ÷ {ALL_WEIGHTS} ={' '}
          <strong>{Math.round(scoreExampleSum / ALL_WEIGHTS)}</strong>.
        </Part>
      </>
    ),
  },
]
