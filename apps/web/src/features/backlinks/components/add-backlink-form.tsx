import {
  BACKLINK_ANCHOR_MAX,
  BACKLINK_URL_MAX,
  backlinkInputSchema,
} from '@localseo/shared/backlinks'
import { Plus } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { ApiError } from '@/lib/api-error'
import { useAddBacklink } from '../api/add-backlink'

type FieldErrors = Partial<Record<'url' | 'anchorText', string>>

/** The form's state: the two fields, their errors, the add request and what it added. */
function useAddBacklinkForm(businessId: string, location: string) {
  const [url, setUrl] = useState('')
  const [anchorText, setAnchorText] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [added, setAdded] = useState<string | null>(null)
  const add = useAddBacklink(businessId)

  function submit(event: FormEvent) {
    event.preventDefault()
    setAdded(null)
    const input = { url, anchorText, location }
    const parsed = backlinkInputSchema.safeParse(input)
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues))
      return
    }
    setErrors({})
    add.mutate(input, {
      onSuccess: (backlink) => {
        setUrl('')
        setAnchorText('')
        setAdded(`Backlink from ${backlink.domain} added.`)
      },
      onError: (error) => {
        const fromServer = error instanceof ApiError ? fieldErrors(error.issues) : {}
        setErrors(Object.keys(fromServer).length > 0 ? fromServer : { url: error.message })
      },
    })
  }
  const changeUrl = (value: string) => {
    setUrl(value)
    setErrors({})
    setAdded(null)
  }
  return {
    url,
    changeUrl,
    anchorText,
    setAnchorText,
    errors,
    added,
    pending: add.isPending,
    submit,
  }
}

/**
 * docs/product.md §5 "Backlink add": URL required (the button stays disabled while it is empty), checked with
 * the shared schema the server uses, so the invalid-URL message is the same from both. The same page
 * added twice is refused by the server with its message under the URL.
 */
export function AddBacklinkForm({
  businessId,
  location,
  anchorExample,
}: {
  businessId: string
  location: string
  /** Anchor text in the words of this business (searchExamples): 'best plumber in Austin'. */
  anchorExample: string
}) {
  const form = useAddBacklinkForm(businessId, location)
  return (
    <Card>
      <CardHeader>
        <CardTitle>Add Backlink</CardTitle>
        <CardDescription>
          Record a page that links to your website. We add https:// when you leave it out.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          aria-label="Add Backlink"
          noValidate
          onSubmit={form.submit}
          className="grid gap-4 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)_auto] md:items-start"
        >
          <FormField label="URL" required error={form.errors.url}>
            <Input
              value={form.url}
              maxLength={BACKLINK_URL_MAX}
              inputMode="url"
              autoComplete="off"
              placeholder="https://www.example.com/page-linking-to-you"
              onChange={(event) => form.changeUrl(event.target.value)}
            />
          </FormField>
          <FormField
            label="Anchor Text"
            error={form.errors.anchorText}
            hint="Defaults to the domain."
          >
            <Input
              value={form.anchorText}
              maxLength={BACKLINK_ANCHOR_MAX}
              autoComplete="off"
              placeholder={`e.g. ${anchorExample}`}
              onChange={(event) => form.setAnchorText(event.target.value)}
            />
          </FormField>
          <Button
            type="submit"
            disabled={form.url.trim() === '' || form.pending}
            className="md:mt-6"
          >
            <Plus aria-hidden="true" />
            {form.pending ? 'Adding...' : 'Add Backlink'}
          </Button>
        </form>
        {form.added ? (
          <p role="status" className="mt-3 text-sm text-success">
            {form.added}
          </p>
        ) : null}
      </CardContent>
    </Card>
  )
}

function fieldErrors(issues: ReadonlyArray<{ path: PropertyKey[] | string; message: string }>) {
  const errors: FieldErrors = {}
  for (const issue of issues) {
    const path = Array.isArray(issue.path) ? issue.path.map(String).join('.') : issue.path
    if ((path === 'url' || path === 'anchorText') && !errors[path]) errors[path] = issue.message
  }
  return errors
}
