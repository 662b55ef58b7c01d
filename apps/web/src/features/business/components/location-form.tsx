import { requiredAddressFields } from '@localseo/shared/address-rules'
import type { Location } from '@localseo/shared/business'
import { countryForm } from '@localseo/shared/countries'
import { slug } from '@localseo/shared/slug'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState, type FormEvent } from 'react'
import { useForm, useWatch, type Resolver } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { ApiError } from '@/lib/api-error'
import { locationFormSchema, type LocationFormOutput } from '../api/add-location'
import { applyServerIssues } from '../utils/server-issues'
import { AddressFields } from './address-fields'
import { FormMessage } from '@/components/form-message'

// docs/product.md §5 "New location required".
const LOCATION_REQUIRED_MESSAGE = 'Please fill in all required fields'

const fields = ['name', 'address', 'city', 'state', 'zip', 'country', 'phone', 'pageUrl'] as const
type LocationFormValues = Record<(typeof fields)[number], string>

/** Name, address and city everywhere; the region and postcode where the country requires them. */
function requiredFields(country: string): (keyof LocationFormValues)[] {
  const { state, zip } = requiredAddressFields(country)
  return [
    'name',
    'address',
    'city',
    ...(state ? ['state' as const] : []),
    ...(zip ? ['zip' as const] : []),
  ]
}

/** A new location starts in its business's country (docs/decisions/017-countries-and-addresses.md). */
export function emptyLocationValues(country: string): LocationFormValues {
  return { name: '', address: '', city: '', state: '', zip: '', country, phone: '', pageUrl: '' }
}

export function locationValues(location: Location): LocationFormValues {
  const { name, address, city, state, zip, country, phone, pageUrl } = location
  return { name, address, city, state, zip, country, phone, pageUrl }
}

const resolver = zodResolver(locationFormSchema) as unknown as Resolver<
  LocationFormValues,
  unknown,
  LocationFormOutput
>

export interface LocationFormProps {
  /** Names the form for assistive technology, for example 'New location'. */
  label: string
  defaultValues: LocationFormValues
  namePlaceholder?: string
  submitLabel: string
  pendingLabel: string
  onSubmit: (input: LocationFormOutput) => Promise<unknown>
  onCancel?: () => void
}

/** The six location fields of docs/product.md §2 and the optional page URL (issue 11), to add or edit inline. */
export function LocationForm(props: LocationFormProps) {
  const { label, defaultValues, namePlaceholder, submitLabel, pendingLabel, onCancel } = props
  const [message, setMessage] = useState<string | null>(null)
  const form = useForm<LocationFormValues, unknown, LocationFormOutput>({ resolver, defaultValues })
  const { errors, isSubmitting } = form.formState
  const { register } = form
  const [country, city] = useWatch({ control: form.control, name: ['country', 'city'] })

  const onValid = async (input: LocationFormOutput) => {
    try {
      await props.onSubmit(input)
    } catch (error) {
      applyServerIssues(error, fields, form.setError)
      setMessage(
        error instanceof ApiError
          ? error.message
          : 'Could not save the location. Please try again.',
      )
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    // The required check comes first, with the one message docs/product.md §5 asks for.
    const values = form.getValues()
    if (requiredFields(values.country).some((name) => values[name].trim() === '')) {
      event.preventDefault()
      setMessage(LOCATION_REQUIRED_MESSAGE)
      return
    }
    setMessage(null)
    void form.handleSubmit(onValid)(event)
  }

  return (
    <form noValidate aria-label={label} onSubmit={handleSubmit} className="grid grid-cols-1 gap-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label="Location Name" required error={errors.name?.message}>
          <Input placeholder={namePlaceholder} {...register('name')} />
        </FormField>
        <FormField label="Phone" error={errors.phone?.message}>
          <Input
            type="tel"
            autoComplete="tel"
            placeholder={countryForm(country).phonePlaceholder}
            {...register('phone')}
          />
        </FormField>
        <AddressFields register={register} errors={errors} country={country} />
        <FormField
          label="Location page URL"
          hint="Optional: this location's own page on your website. The site audit checks it."
          error={errors.pageUrl?.message}
          className="sm:col-span-2"
        >
          <Input
            type="url"
            inputMode="url"
            placeholder={`https://example.com/${slug(city ?? '') || 'location-name'}`}
            {...register('pageUrl')}
          />
        </FormField>
      </div>
      {message ? <FormMessage tone="error">{message}</FormMessage> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  )
}
