import { FormField } from '@/components/ui/form-field'
import { Select } from '@/components/ui/select'

export interface Option<Value extends string> {
  value: Value
  label: string
}

/** A labelled select over a fixed list of options (a filter, a sort), typed by its values. */
export function OptionSelect<Value extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: Value
  options: readonly Option<Value>[]
  onChange: (value: Value) => void
}) {
  return (
    <FormField label={label}>
      <Select value={value} onChange={(event) => onChange(event.target.value as Value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </FormField>
  )
}
