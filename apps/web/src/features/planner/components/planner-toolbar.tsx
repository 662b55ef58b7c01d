import {
  KEYWORD_INTENTS,
  KEYWORD_LEVELS,
  PLANNER_SORTS,
  type PlannerQuery,
} from '@localseo/shared/keyword-engine'
import { Search } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Select } from '@/components/ui/select'
import { INTENT_LABELS } from '../utils/insights'

const SORT_LABELS: Record<PlannerQuery['sort'], string> = {
  volume: 'Search Volume',
  difficulty: 'Difficulty',
  relevance: 'Relevance',
  cpc: 'CPC',
}

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1)

/** The search box (applied on submit) and the filters and sort (applied at once). */
export function PlannerToolbar({
  query,
  onChange,
}: {
  query: PlannerQuery
  onChange: (query: PlannerQuery) => void
}) {
  const [term, setTerm] = useState(query.q)
  function submit(event: FormEvent) {
    event.preventDefault()
    onChange({ ...query, q: term.trim() })
  }
  return (
    <div className="grid gap-4">
      <form role="search" aria-label="Keyword search" onSubmit={submit} className="grid gap-2">
        <Label htmlFor="planner-search">Search keywords</Label>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Input
            id="planner-search"
            type="search"
            value={term}
            maxLength={100}
            placeholder="e.g. teeth whitening"
            onChange={(event) => setTerm(event.target.value)}
          />
          <Button type="submit" className="sm:w-32">
            <Search aria-hidden="true" />
            Search
          </Button>
        </div>
      </form>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div className="grid gap-2">
          <Label htmlFor="planner-intent">Intent</Label>
          <Select
            id="planner-intent"
            value={query.intent}
            onChange={(e) =>
              onChange({ ...query, intent: e.target.value as PlannerQuery['intent'] })
            }
          >
            <option value="all">All intents</option>
            {KEYWORD_INTENTS.map((intent) => (
              <option key={intent} value={intent}>
                {INTENT_LABELS[intent]}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="planner-difficulty">Difficulty</Label>
          <Select
            id="planner-difficulty"
            value={query.difficulty}
            onChange={(e) =>
              onChange({ ...query, difficulty: e.target.value as PlannerQuery['difficulty'] })
            }
          >
            <option value="all">All difficulties</option>
            {KEYWORD_LEVELS.map((level) => (
              <option key={level} value={level}>
                {capitalise(level)}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="planner-sort">Sort by</Label>
          <Select
            id="planner-sort"
            value={query.sort}
            onChange={(e) => onChange({ ...query, sort: e.target.value as PlannerQuery['sort'] })}
          >
            {PLANNER_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </Select>
        </div>
      </div>
    </div>
  )
}
