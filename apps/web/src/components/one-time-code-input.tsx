import type { ComponentProps } from 'react'
import { Input } from '@/components/ui/input'

const CODE_LENGTH = 6

/** Keeps the digits only, so a pasted '123 456' or '123-456' still works. */
function digitsOf(value: string): string {
  return value.replace(/\D/g, '').slice(0, CODE_LENGTH)
}

type OneTimeCodeInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  value: string
  onValueChange: (code: string) => void
}

/**
 * A 6-digit code from an email or an authenticator app: numeric keypad on phones, and the browser
 * may offer a code it received (autocomplete="one-time-code").
 */
export function OneTimeCodeInput({ value, onValueChange, ...props }: OneTimeCodeInputProps) {
  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={CODE_LENGTH + 2}
      required
      spellCheck={false}
      className="max-w-48 text-center font-mono text-lg tracking-[0.4em] md:text-lg"
      value={value}
      onChange={(event) => onValueChange(digitsOf(event.target.value))}
      {...props}
    />
  )
}
