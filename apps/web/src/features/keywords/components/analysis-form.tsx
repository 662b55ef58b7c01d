import { Search } from 'lucide-react'
import type { FormEvent, RefObject } from 'react'
import { ErrorAlert } from '@/components/error-alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'

export function AnalysisForm({
  keyword,
  onKeywordChange,
  onSubmit,
  pending,
  error,
  inputRef,
  place,
  example,
}: {
  keyword: string
  onKeywordChange: (value: string) => void
  onSubmit: () => void
  pending: boolean
  error: string | null
  inputRef: RefObject<HTMLInputElement | null>
  place: string
  /** A search in the words of this business (searchExamples): 'drain cleaning near me'. */
  example: string
}) {
  function submit(event: FormEvent) {
    event.preventDefault()
    onSubmit()
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Analyze a Keyword</CardTitle>
        <CardDescription>
          See estimated monthly searches, competition and relevance{place ? ` in ${place}` : ''},
          with recommendations for your business.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form aria-label="Analyze a keyword" noValidate onSubmit={submit} className="grid gap-3">
          <Label htmlFor="keyword-input">Keyword</Label>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Input
              id="keyword-input"
              ref={inputRef}
              value={keyword}
              maxLength={100}
              placeholder={`e.g. ${example}`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'keyword-error' : undefined}
              onChange={(event) => onKeywordChange(event.target.value)}
            />
            <Button type="submit" disabled={pending} className="sm:w-32">
              <Search aria-hidden="true" />
              {pending ? 'Analyzing...' : 'Analyze'}
            </Button>
          </div>
          <ErrorAlert id="keyword-error">{error}</ErrorAlert>
        </form>
      </CardContent>
    </Card>
  )
}
