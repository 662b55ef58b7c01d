import type { UseFormRegisterReturn } from 'react-hook-form'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'

type AddressField = 'address' | 'city' | 'state' | 'zip'

/** Address, City, State and ZIP Code, laid out the same in the business and location forms. */
export function AddressFields({
  register,
  errors,
}: {
  /** The form's register, for the four address fields. */
  register: (name: AddressField) => UseFormRegisterReturn
  errors: Partial<Record<AddressField, { message?: string }>>
}) {
  const fields = {
    address: register('address'),
    city: register('city'),
    state: register('state'),
    zip: register('zip'),
  }
  return (
    <>
      <FormField label="Address" required error={errors.address?.message} className="sm:col-span-2">
        <Input autoComplete="street-address" {...fields.address} />
      </FormField>
      <FormField label="City" required error={errors.city?.message}>
        <Input autoComplete="address-level2" {...fields.city} />
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField label="State" required error={errors.state?.message}>
          <Input autoComplete="address-level1" placeholder="TX" {...fields.state} />
        </FormField>
        <FormField label="ZIP Code" required error={errors.zip?.message}>
          <Input
            autoComplete="postal-code"
            inputMode="numeric"
            placeholder="78701"
            {...fields.zip}
          />
        </FormField>
      </div>
    </>
  )
}
