import { LISTING_STATUSES, type ListingEntry } from '@localseo/shared/listings'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { ApiError } from '@/lib/api-error'
import { useForgetListing, useRecordListing } from '../api/record-listing'

/** Records what one platform shows, exactly as it shows it; the server then checks it for real. */
export function ListingEditor({
  businessId,
  location,
  entry,
  onDone,
}: {
  businessId: string
  location: string
  entry: ListingEntry
  onDone: () => void
}) {
  const recorded = entry.source === 'recorded'
  const [form, setForm] = useState({
    url: recorded ? entry.url : '',
    status: entry.status ?? 'claimed',
    listed: entry.listed,
    name: recorded ? entry.shown.name : '',
    address: recorded ? entry.shown.address : '',
    phone: recorded ? entry.shown.phone : '',
  })
  const card = useRef<HTMLDivElement>(null)
  // The editor opens above the tables: bring it into view, and keyboard focus with it.
  useEffect(() => {
    card.current?.scrollIntoView({ block: 'start', behavior: 'smooth' })
    card.current?.querySelector('input')?.focus({ preventScroll: true })
  }, [])
  const record = useRecordListing(businessId, location)
  const forget = useForgetListing(businessId, location)
  const error = record.error ?? forget.error
  const fieldError = (path: string) =>
    error instanceof ApiError ? error.issues?.find((i) => i.path === path)?.message : undefined
  const set = (key: keyof typeof form) => (value: string | boolean) =>
    setForm((current) => ({ ...current, [key]: value }))

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
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate>
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
          <FormField
            label="Address as shown"
            error={fieldError('address')}
            className="sm:col-span-2"
          >
            <Input
              placeholder="100 Congress Ave, Austin, TX 78701"
              value={form.address}
              onChange={(e) => set('address')(e.target.value)}
            />
          </FormField>
          <FormField label="Phone as shown" error={fieldError('phone')}>
            <Input type="tel" value={form.phone} onChange={(e) => set('phone')(e.target.value)} />
          </FormField>
          {error ? (
            <Alert variant="destructive" role="alert" className="sm:col-span-2">
              <AlertDescription>{error.message}</AlertDescription>
            </Alert>
          ) : null}
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" disabled={record.isPending}>
              {record.isPending ? 'Saving...' : 'Save listing'}
            </Button>
            <Button type="button" variant="outline" onClick={onDone}>
              Cancel
            </Button>
            {recorded ? (
              <Button
                type="button"
                variant="ghost"
                disabled={forget.isPending}
                onClick={() =>
                  forget.mutate({ platform: entry.platform, location }, { onSuccess: onDone })
                }
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
