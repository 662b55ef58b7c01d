import { BUSINESS_CATEGORIES, type Business } from '@localseo/shared/business'
import { servicesFromName } from '@localseo/shared/business-terms'
import { countryForm } from '@localseo/shared/countries'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import {
  useForm,
  useWatch,
  type FieldErrors,
  type Resolver,
  type UseFormRegister,
} from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { useCreateBusiness } from '../api/create-business'
import {
  saveBusinessInputSchema,
  useSaveBusiness,
  type SaveBusinessInput,
} from '../api/save-business'
import { browserCountry, browserTimeZone } from '../utils/browser-defaults'
import { applyServerIssues } from '../utils/server-issues'
import { AddressFields } from './address-fields'
import { TimeZoneSelect } from './time-zone-select'
import { ServicesField } from './services-field'
import { FormMessage } from '@/components/form-message'

// docs/product.md §8 "Business save".
const BUSINESS_SAVED = 'Business information saved successfully!'
const BUSINESS_SAVE_FAILED = 'Failed to save business information. Please try again.'

const fields = [
  'name',
  'category',
  'address',
  'city',
  'state',
  'zip',
  'country',
  'phone',
  'website',
  'timeZone',
] as const
type BusinessFormValues = Record<(typeof fields)[number], string>

/** The saved business; a new one starts in the browser's country and time zone (ADR 017). */
function valuesOf(business: Business): BusinessFormValues {
  const { name, category, address, city, state, zip, phone, website } = business
  const saved = business.id !== ''
  const country = saved ? business.country : browserCountry()
  const timeZone = saved ? business.timeZone : browserTimeZone()
  return { name, category, address, city, state, zip, country, phone, website, timeZone }
}

// The form holds strings (an unchosen category is ''); the schema turns them into the saved shape.
const resolver = zodResolver(saveBusinessInputSchema) as unknown as Resolver<
  BusinessFormValues,
  unknown,
  SaveBusinessInput
>

/**
 * 'Services you offer': the saved list; until the owner edits it, a business without one shows the
 * services its name names ('Lopez Plumbing' offers plumbing), as the server would save them.
 */
function useServices(business: Business, name: string, category: string, country: string) {
  const [edited, setEdited] = useState<string[] | null>(null)
  const services =
    edited ??
    (business.services.length > 0 ? business.services : servicesFromName(name, category, country))
  return { services, setServices: setEdited, reset: () => setEdited(null) }
}

/**
 * docs/product.md §2 Settings: name*, category*, address*, city*, state*, zip*, phone*, website, services.
 * `create`: another business for the person (issue 35 item 2), opened once it is added.
 */
export function BusinessForm({
  business,
  create = false,
}: {
  business: Business
  create?: boolean
}) {
  const [updateBusiness, createBusiness] = [useSaveBusiness(), useCreateBusiness()]
  const saveBusiness = create ? createBusiness : updateBusiness
  const [result, setResult] = useState<'saved' | 'failed' | null>(null)
  const form = useForm<BusinessFormValues, unknown, SaveBusinessInput>({
    resolver,
    // Follows the saved business, so the normalised values (state code, phone format) show up; a
    // new one starts once from its defaults, so nothing typed is reset after the first render.
    ...(create ? { defaultValues: valuesOf(business) } : { values: valuesOf(business) }),
  })
  const { errors } = form.formState
  const { register } = form
  const [name, category, country, timeZone] = useWatch({
    control: form.control,
    name: ['name', 'category', 'country', 'timeZone'],
  })
  const services = useServices(business, name, category, country)

  const onSubmit = form.handleSubmit(async (input) => {
    setResult(null)
    try {
      await saveBusiness.mutateAsync({ ...input, services: services.services })
      services.reset()
      setResult('saved')
    } catch (error) {
      setResult('failed')
      applyServerIssues(error, fields, form.setError)
    }
  })

  return (
    <Card>
      <CardHeader>
        <CardTitle>{create ? 'Your new business' : 'Business Information'}</CardTitle>
        <CardDescription>
          {create
            ? 'You will own it and can invite your team. Fields marked * are required.'
            : 'Every LocalSEO AI screen uses these details. Fields marked * are required.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-label="Business information"
          onSubmit={(event) => void onSubmit(event)}
          className="grid grid-cols-1 gap-5"
        >
          <BusinessFields
            register={register}
            errors={errors}
            country={country}
            timeZone={timeZone}
          />
          <ServicesField
            value={services.services}
            onChange={services.setServices}
            name={name}
            category={category}
            country={country}
          />
          {result === 'saved' ? <FormMessage tone="success">{BUSINESS_SAVED}</FormMessage> : null}
          {result === 'failed' ? (
            <FormMessage tone="error">{BUSINESS_SAVE_FAILED}</FormMessage>
          ) : null}
          <div className="flex justify-end">
            <Button type="submit" disabled={saveBusiness.isPending} className="w-full sm:w-auto">
              {saveBusiness.isPending
                ? 'Saving...'
                : create
                  ? 'Add business'
                  : 'Save Business Information'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}

/** The business's fields, two columns wide from small screens up. */
function BusinessFields({
  register,
  errors,
  country,
  timeZone,
}: {
  register: UseFormRegister<BusinessFormValues>
  errors: FieldErrors<BusinessFormValues>
  country: string
  timeZone: string
}) {
  return (
    <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
      <FormField label="Business Name" required error={errors.name?.message}>
        <Input autoComplete="organization" {...register('name')} />
      </FormField>
      <FormField label="Category" required error={errors.category?.message}>
        <Select {...register('category')}>
          <option value="">Select a category</option>
          {BUSINESS_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </Select>
      </FormField>
      <AddressFields register={register} errors={errors} country={country} />
      <FormField label="Phone" required error={errors.phone?.message}>
        <Input
          type="tel"
          autoComplete="tel"
          placeholder={countryForm(country).phonePlaceholder}
          {...register('phone')}
        />
      </FormField>
      <FormField label="Website" error={errors.website?.message}>
        <Input
          type="url"
          autoComplete="url"
          placeholder="https://example.com"
          {...register('website')}
        />
      </FormField>
      <FormField
        label="Time zone"
        required
        hint="Daily checks run on this calendar."
        error={errors.timeZone?.message}
      >
        <TimeZoneSelect current={timeZone} {...register('timeZone')} value={timeZone} />
      </FormField>
    </div>
  )
}
