import {
  normalizeKeyword,
  RANK_BACKFILL_DAYS,
  type TrackedKeyword,
} from '@localseo/shared/rank-tracker'
import { Plus, X } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { ErrorAlert } from '@/components/error-alert'
import { Pagination, useClientPages } from '@/components/pagination'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { useMayChange } from '@/lib/member-role'
import { useAddTrackedKeyword } from '../api/add-tracked-keyword'
import { useRemoveTrackedKeyword } from '../api/remove-tracked-keyword'
import { RemoveKeywordDialog } from './remove-keyword-dialog'

type Message = { tone: 'info' | 'error'; text: string } | null

/**
 * docs/product.md §2: the tracked keyword list with add and remove; docs/product.md §5 add rules.
 * A message belongs to the action that caused it: the next add or remove replaces it, and the
 * screen keys this card by location, so switching location clears it.
 */
export function TrackedKeywordsCard({
  businessId,
  locationId,
  keywords,
  loading,
  example,
  simulated,
}: {
  businessId: string
  locationId: string
  /** A search in the words of this business (searchExamples): 'plumber near me'. */
  example: string
  keywords: TrackedKeyword[] | undefined
  loading: boolean
  /** Positions from the simulation (a new keyword comes with its simulated past); unknown while loading. */
  simulated?: boolean | undefined
}) {
  const [message, setMessage] = useState<Message>(null)
  const [removing, setRemoving] = useState<TrackedKeyword | null>(null)
  const remove = useRemoveTrackedKeyword(businessId, locationId)
  const mayChange = useMayChange()
  const onConfirmRemove = () => {
    if (!removing) return
    setMessage(null)
    remove.mutate(removing.id, {
      onSuccess: () => setRemoving(null),
      onError: (error) => {
        setRemoving(null)
        setMessage({ tone: 'error', text: error.message })
      },
    })
  }
  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle id="tracked-keywords-title">Tracked Keywords</CardTitle>
        <CardDescription>
          {simulated === false
            ? 'A keyword you add is checked today, then once a day.'
            : `Keywords you add, analysed ones too, come with ${RANK_BACKFILL_DAYS} days of simulated history.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {mayChange ? (
          <AddKeywordForm
            businessId={businessId}
            locationId={locationId}
            example={example}
            onMessage={setMessage}
          />
        ) : null}
        {message?.tone === 'error' ? <ErrorAlert>{message.text}</ErrorAlert> : null}
        {message?.tone === 'info' ? (
          <p role="status" className="text-sm">
            {message.text}
          </p>
        ) : null}
        <KeywordList keywords={keywords} loading={loading} onRemove={setRemoving} />
      </CardContent>
      <RemoveKeywordDialog
        keyword={removing}
        removing={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={onConfirmRemove}
      />
    </Card>
  )
}

/** The add form: a keyword already tracked is an info message, a refusal an error. */
function AddKeywordForm({
  businessId,
  locationId,
  example,
  onMessage,
}: {
  businessId: string
  locationId: string
  example: string
  onMessage: (message: Message) => void
}) {
  const [text, setText] = useState('')
  const add = useAddTrackedKeyword(businessId, locationId)
  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const keyword = normalizeKeyword(text)
    if (!keyword) {
      onMessage({ tone: 'error', text: 'Enter a keyword to track.' })
      return
    }
    onMessage(null)
    add.mutate(keyword, {
      onSuccess: (result) => {
        setText('')
        onMessage(
          result.added
            ? null
            : { tone: 'info', text: `"${result.keyword.keyword}" is already tracked.` },
        )
      },
      onError: (error) => onMessage({ tone: 'error', text: error.message }),
    })
  }
  return (
    <form aria-label="Track a keyword" onSubmit={onSubmit} className="flex items-end gap-2">
      <FormField label="Keyword to track" className="flex-1">
        <Input
          value={text}
          maxLength={120}
          placeholder={`e.g. ${example}`}
          onChange={(e) => setText(e.target.value)}
        />
      </FormField>
      <Button type="submit" disabled={add.isPending}>
        <Plus aria-hidden="true" />
        {add.isPending ? 'Adding...' : 'Add'}
      </Button>
    </form>
  )
}

/** Keywords a page of the list shows (issue 36 item 2): the card sits beside the rankings table. */
const TRACKED_PAGE_SIZE = 20

/** The tracked keywords, each with its Remove button, a page at a time. */
function KeywordList({
  keywords,
  loading,
  onRemove,
}: {
  keywords: TrackedKeyword[] | undefined
  loading: boolean
  onRemove: (keyword: TrackedKeyword) => void
}) {
  const mayChange = useMayChange()
  const { page, pages, setPage, shown, first, last } = useClientPages(
    keywords ?? [],
    TRACKED_PAGE_SIZE,
  )
  if (loading && !keywords) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading keywords…
      </p>
    )
  }
  if (!keywords || keywords.length === 0) {
    return <p className="text-sm text-muted-foreground">No keywords tracked for this location.</p>
  }
  return (
    <>
      <ul aria-labelledby="tracked-keywords-title" className="grid gap-1">
        {shown.map((keyword) => (
          <li
            key={keyword.id}
            className="flex items-center justify-between gap-2 rounded-md px-2 py-1 hover:bg-muted"
          >
            <span className="min-w-0 text-sm break-words">{keyword.keyword}</span>
            {mayChange ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Remove ${keyword.keyword}`}
                onClick={() => onRemove(keyword)}
              >
                <X aria-hidden="true" />
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      <Pagination
        label="Tracked keyword pages"
        page={page}
        pages={pages}
        loading={false}
        onPage={setPage}
      >
        {first}-{last} of {keywords.length}
      </Pagination>
    </>
  )
}
