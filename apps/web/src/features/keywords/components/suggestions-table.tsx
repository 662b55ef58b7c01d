import type { PlannerKeyword } from '@localseo/shared/keyword-engine'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1)

export function SuggestionsTable({
  keywords,
  loading,
  failed,
  onAnalyze,
}: {
  keywords: PlannerKeyword[]
  loading: boolean
  failed: boolean
  onAnalyze: (keyword: string) => void
}) {
  return (
    <Card role="region" aria-labelledby="suggestions-title">
      <CardHeader>
        <CardTitle id="suggestions-title">Suggested Keywords</CardTitle>
        <CardDescription>
          Ideas for your category and city. Search volumes and difficulty are estimates.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <Spinner label="Loading suggestions…" />
        ) : failed ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load suggestions. Please try again later.
          </p>
        ) : keywords.length === 0 ? (
          <p className="text-sm text-muted-foreground">No suggestions right now.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[30rem] text-sm">
              <thead>
                <tr className="border-b text-left text-muted-foreground">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Keyword
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Search Volume (est.)
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Difficulty
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Relevance
                  </th>
                  <th scope="col" className="sticky right-0 bg-card py-2 pl-3 font-medium">
                    <span className="sr-only">Action</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keywords.map((k) => (
                  <tr key={k.keyword} className="border-b last:border-0">
                    <td className="py-2 pr-3 font-medium">{k.keyword}</td>
                    <td className="px-3 py-2 tabular-nums">{k.volume.toLocaleString('en-US')}</td>
                    <td className="px-3 py-2">{capitalise(k.difficulty)}</td>
                    <td className="px-3 py-2">{capitalise(k.relevance)}</td>
                    <td className="sticky right-0 bg-card py-2 pl-3 text-right">
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Analyze ${k.keyword}`}
                        onClick={() => onAnalyze(k.keyword)}
                      >
                        Analyze
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
