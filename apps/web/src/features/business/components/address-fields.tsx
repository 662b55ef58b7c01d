import { requiredAddressFields } from '@localseo/shared/address-rules'
import { countryForm } from '@localseo/shared/countries'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { CountrySelect } from './country-select'

type AddressField = 'address' | 'city' | 'state' | 'zip' | 'country'

/**
 * Address, City, the region and postcode, and Country, laid out the same in the business and
 * location forms; the region and postcode fields are named as the chosen country names them.
 */
export function AddressFields({
  register,
  errors,
  country,
}: {
  /** The form's register, for the five address fields. */
  register: (name: AddressField) => UseFormRegisterReturn
  errors: Partial<Record<AddressField, { message?: string }>>
  /** The chosen country (ISO 3166-1 alpha-2). */
  country: string
}) {
  const form = countryForm(country)
  const required = requiredAddressFields(country)
  return (
    <>
      <FormField label="Address" required error={errors.address?.message} className="sm:col-span-2">
        <Input autoComplete="street-address" {...register('address')} />
      </FormField>
      <FormField label="City" required error={errors.city?.message}>
        <Input autoComplete="address-level2" {...register('city')} />
      </FormField>
      <div className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2">
        <FormField label={form.regionLabel} required={required.state} error={errors.state?.message}>
          <Input
            autoComplete="address-level1"
            placeholder={form.regionPlaceholder}
            {...register('state')}
          />
        </FormField>
        <FormField label={form.postcodeLabel} required={required.zip} error={errors.zip?.message}>
          <Input
            autoComplete="postal-code"
            inputMode={country === 'US' ? 'numeric' : 'text'}
            placeholder={form.postcodePlaceholder}
            {...register('zip')}
          />
        </FormField>
      </div>
      <FormField label="Country" required error={errors.country?.message}>
        {/* Controlled by the watched value, so the form's default shows before any change. */}
        <CountrySelect {...register('country')} value={country} />
      </FormField>
    </>
  )
}
