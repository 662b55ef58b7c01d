import { useState } from 'react'
import { ErrorAlert } from '@/components/error-alert'
import { FormMessage } from '@/components/form-message'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Select } from '@/components/ui/select'

interface Choice {
  mutate: (value: string) => void
  isPending: boolean
  isSuccess: boolean
  error: Error | null
}

/**
 * Picks which property of the owner's Google account a product reads (Search Console, Analytics):
 * the list as Google gave it, the saved one shown, 'Use this property' until it is the saved one.
 */
export function GooglePropertyPicker({
  id,
  label,
  options,
  selected,
  savedMessage,
  choose,
}: {
  id: string
  label: string
  options: { value: string; label: string }[]
  selected: string | null
  savedMessage: string
  choose: Choice
}) {
  const [picked, setPicked] = useState<string | null>(null)
  const value = picked ?? selected ?? options[0]?.value ?? ''
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault()
        choose.mutate(value)
      }}
    >
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value} onChange={(event) => setPicked(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
      {choose.isSuccess && value === selected ? (
        <FormMessage tone="success">{savedMessage}</FormMessage>
      ) : null}
      <ErrorAlert>{choose.error?.message}</ErrorAlert>
      <Button
        type="submit"
        variant="outline"
        size="sm"
        disabled={choose.isPending || value === selected}
      >
        {choose.isPending
          ? 'Saving...'
          : value === selected
            ? 'Property saved'
            : 'Use this property'}
      </Button>
    </form>
  )
}
