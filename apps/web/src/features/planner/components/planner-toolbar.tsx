import { KEYWORD_INTENTS, PLANNER_SORTS, type PlannerQuery } from '@localseo/shared/keyword-engine'
import { KEYWORD_LEVELS } from '@localseo/shared/keyword-figures'
import { Search } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { OptionSelect } from '@/components/option-select'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
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
  example,
}: {
  query: PlannerQuery
  onChange: (query: PlannerQuery) => void
  /** A service in the words of this business (searchExamples): 'water heater repair'. */
  example: string
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
            placeholder={`e.g. ${example}`}
            onChange={(event) => setTerm(event.target.value)}
          />
          <Button type="submit" className="sm:w-32">
            <Search aria-hidden="true" />
            Search
          </Button>
        </div>
      </form>
      <PlannerFilters query={query} onChange={onChange} />
    </div>
  )
}

const INTENT_OPTIONS = [
  { value: 'all' as const, label: 'All intents' },
  ...KEYWORD_INTENTS.map((intent) => ({ value: intent, label: INTENT_LABELS[intent] })),
]
const DIFFICULTY_OPTIONS = [
  { value: 'all' as const, label: 'All difficulties' },
  ...KEYWORD_LEVELS.map((level) => ({ value: level, label: capitalise(level) })),
]
const SORT_OPTIONS = PLANNER_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }))

/** Intent, difficulty and sort, applied at once. */
function PlannerFilters({
  query,
  onChange,
}: {
  query: PlannerQuery
  onChange: (query: PlannerQuery) => void
}) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <OptionSelect
        label="Intent"
        value={query.intent}
        options={INTENT_OPTIONS}
        onChange={(intent) => onChange({ ...query, intent })}
      />
      <OptionSelect
        label="Difficulty"
        value={query.difficulty}
        options={DIFFICULTY_OPTIONS}
        onChange={(difficulty) => onChange({ ...query, difficulty })}
      />
      <OptionSelect
        label="Sort by"
        value={query.sort}
        options={SORT_OPTIONS}
        onChange={(sort) => onChange({ ...query, sort })}
      />
    </div>
  )
}
