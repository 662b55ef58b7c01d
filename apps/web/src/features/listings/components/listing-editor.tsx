import { LISTING_STATUSES, type ListingEntry } from '@localseo/shared/listings'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { ErrorAlert } from '@/components/error-alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { ApiError } from '@/lib/api-error'
import { useForgetListing, useRecordListing } from '../api/record-listing'

interface ListingEditorProps {
  businessId: string
  location: string
  entry: ListingEntry
  /** The address of the profile, as the example of the address field (never another city's). */
  profileAddress: string
  onDone: () => void
}

/** The form's first values: what was recorded for the platform, or blanks. */
function initialForm(entry: ListingEntry) {
  const recorded = entry.source === 'recorded'
  return {
    url: recorded ? entry.url : '',
    status: entry.status ?? 'claimed',
    listed: entry.listed,
    name: recorded ? entry.shown.name : '',
    address: recorded ? entry.shown.address : '',
    phone: recorded ? entry.shown.phone : '',
  }
}

type ListingForm = ReturnType<typeof initialForm>
type SetField = (key: keyof ListingForm) => (value: string | boolean) => void

/** The editor's values, saving and forgetting the record, and the server's message per field. */
function useListingEditor({ businessId, location, entry, onDone }: ListingEditorProps) {
  const [form, setForm] = useState(() => initialForm(entry))
  const record = useRecordListing(businessId, location)
  const forget = useForgetListing(businessId, location)
  const error = record.error ?? forget.error
  const fieldError = (path: string) =>
    error instanceof ApiError ? error.issues?.find((i) => i.path === path)?.message : undefined
  const set: SetField = (key) => (value) => setForm((current) => ({ ...current, [key]: value }))

  function submit(event: FormEvent) {
    event.preventDefault()
    record.mutate(
      {
        platform: entry.platform,
        location,
        url: form.url,
        listed: entry.kind === 'listing' ? true : form.listed,
        ...(entry.kind === 'listing' ? { status: form.status } : {}),
        name: form.name,
        address: form.address,
        phone: form.phone,
      },
      { onSuccess: onDone },
    )
  }

  function forgetRecorded() {
    forget.mutate({ platform: entry.platform, location }, { onSuccess: onDone })
  }

  return { form, set, error, fieldError, submit, forgetRecorded, record, forget }
}

/** Records what one platform shows, exactly as it shows it; the server then checks it for real. */
export function ListingEditor(props: ListingEditorProps) {
  const { entry, onDone } = props
  const editor = useListingEditor(props)
  const card = useRef<HTMLDivElement>(null)
  // The editor opens above the tables: bring it into view, and keyboard focus with it.
  useEffect(() => {
    card.current?.scrollIntoView({ block: 'start', behavior: 'smooth' })
    card.current?.querySelector('input')?.focus({ preventScroll: true })
  }, [])

  return (
    <Card ref={card}>
      <CardHeader>
        <CardTitle>Record your {entry.platform} listing</CardTitle>
        <CardDescription>
          Copy the name, address and phone exactly as {entry.platform} shows them. We compare them
          with your profile, ignoring differences in case, punctuation and abbreviations.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={editor.submit} className="grid gap-4 sm:grid-cols-2" noValidate>
          <ListingFields
            entry={entry}
            addressExample={props.profileAddress}
            form={editor.form}
            set={editor.set}
            fieldError={editor.fieldError}
          />
          <ErrorAlert className="sm:col-span-2">{editor.error?.message}</ErrorAlert>
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" disabled={editor.record.isPending}>
              {editor.record.isPending ? 'Saving...' : 'Save listing'}
            </Button>
            <Button type="button" variant="outline" onClick={onDone}>
              Cancel
            </Button>
            {entry.source === 'recorded' ? (
              <Button
                type="button"
                variant="ghost"
                disabled={editor.forget.isPending}
                onClick={editor.forgetRecorded}
              >
                Forget what I recorded
              </Button>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  )
}

/** The URL, the status (or 'Listed on …' for a citation) and the name, address and phone shown. */
function ListingFields({
  entry,
  addressExample,
  form,
  set,
  fieldError,
}: {
  entry: ListingEntry
  addressExample: string
  form: ListingForm
  set: SetField
  fieldError: (path: string) => string | undefined
}) {
  return (
    <>
      <FormField label="Listing URL" error={fieldError('url')} className="sm:col-span-2">
        <Input
          type="url"
          placeholder="https://"
          value={form.url}
          onChange={(e) => set('url')(e.target.value)}
        />
      </FormField>
      {entry.kind === 'listing' ? (
        <FormField label="Status" error={fieldError('status')}>
          <Select value={form.status} onChange={(e) => set('status')(e.target.value)}>
            {LISTING_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status[0]?.toUpperCase() + status.slice(1)}
              </option>
            ))}
          </Select>
        </FormField>
      ) : (
        <label className="flex items-center gap-2 self-end text-sm font-medium">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={form.listed}
            onChange={(e) => set('listed')(e.target.checked)}
          />
          Listed on {entry.platform}
        </label>
      )}
      <FormField label="Name as shown" error={fieldError('name')}>
        <Input value={form.name} onChange={(e) => set('name')(e.target.value)} />
      </FormField>
      <FormField label="Address as shown" error={fieldError('address')} className="sm:col-span-2">
        <Input
          placeholder={addressExample}
          value={form.address}
          onChange={(e) => set('address')(e.target.value)}
        />
      </FormField>
      <FormField label="Phone as shown" error={fieldError('phone')}>
        <Input type="tel" value={form.phone} onChange={(e) => set('phone')(e.target.value)} />
      </FormField>
    </>
  )
}
