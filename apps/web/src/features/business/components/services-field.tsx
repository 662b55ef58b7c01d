import {
  MAX_SERVICES,
  normaliseServices,
  searchExamples,
  SERVICE_MAX_LENGTH,
  serviceSuggestions,
} from '@localseo/shared/business-terms'
import { Plus, X } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'

/** At most this many suggestion chips, so the card stays short. */
const SUGGESTIONS_SHOWN = 8

/**
 * 'Services you offer' (issue 15 item 5): free-text chips in the owner's words, with suggestions for
 * the category. Keyword ideas, relevance, the default tracked keywords and the site audit's title
 * check read them (docs/decisions/016-one-keyword-entity.md).
 */
export function ServicesField({
  value,
  onChange,
  name,
  category,
  country,
}: {
  value: readonly string[]
  onChange: (services: string[]) => void
  /** The business name and category as typed: a plumber is offered plumbing work (issue 32 item 7). */
  name: string
  category: string
  /** The chosen country: suggestions in its words ('drain unblocking' in the UK). */
  country: string
}) {
  const id = useId()
  const [draft, setDraft] = useState('')
  const full = value.length >= MAX_SERVICES
  const has = (service: string) => value.some((v) => v.toLowerCase() === service.toLowerCase())
  const business = { name, category, country, services: value, city: '' }
  const suggestions = serviceSuggestions(business)
    .filter((s) => !has(s))
    .slice(0, SUGGESTIONS_SHOWN)
  const add = (service: string) => {
    if (full) return
    onChange(normaliseServices([...value, service]))
    setDraft('')
  }

  return (
    <fieldset className="grid gap-2 sm:col-span-2">
      <legend className="text-sm font-medium">Services you offer</legend>
      <p id={`${id}-help`} className="text-sm text-muted-foreground">
        What you do, in your own words. Keyword ideas, default tracked keywords and the site audit
        use them.
      </p>
      <ServiceChips value={value} onChange={onChange} />
      <div className="flex gap-2">
        <Input
          aria-label="Add a service"
          aria-describedby={`${id}-help`}
          placeholder={`e.g. ${searchExamples(business).service}`}
          maxLength={SERVICE_MAX_LENGTH}
          value={draft}
          disabled={full}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return
            // Enter adds the service instead of submitting the whole form.
            event.preventDefault()
            if (draft.trim()) add(draft)
          }}
        />
        <Button
          type="button"
          variant="outline"
          disabled={full || !draft.trim()}
          onClick={() => add(draft)}
        >
          Add
        </Button>
      </div>
      {full ? null : <SuggestionChips suggestions={suggestions} onAdd={add} />}
    </fieldset>
  )
}

function ServiceChips({
  value,
  onChange,
}: {
  value: readonly string[]
  onChange: (services: string[]) => void
}) {
  return value.length > 0 ? (
    <ul aria-label="Services you offer" className="flex flex-wrap gap-2">
      {value.map((service) => (
        <li
          key={service}
          className="inline-flex max-w-full items-center gap-1 rounded-md border bg-secondary py-0.5 pr-1 pl-2 text-sm"
        >
          <span className="[overflow-wrap:anywhere]">{service}</span>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-6"
            aria-label={`Remove ${service}`}
            onClick={() => onChange(value.filter((v) => v !== service))}
          >
            <X aria-hidden="true" className="size-3.5" />
          </Button>
        </li>
      ))}
    </ul>
  ) : (
    <p className="text-sm text-muted-foreground">No services listed yet.</p>
  )
}

function SuggestionChips({
  suggestions,
  onAdd,
}: {
  suggestions: readonly string[]
  onAdd: (service: string) => void
}) {
  if (suggestions.length === 0) return null
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-xs text-muted-foreground">Suggestions:</span>
      {suggestions.map((service) => (
        <Button
          key={service}
          type="button"
          variant="outline"
          size="sm"
          className="h-7 px-2 text-xs"
          aria-label={`Add ${service}`}
          onClick={() => onAdd(service)}
        >
          <Plus aria-hidden="true" className="size-3" />
          {service}
        </Button>
      ))}
    </div>
  )
}
