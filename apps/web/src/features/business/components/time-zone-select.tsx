import { timeZoneNames } from '@localseo/shared/countries'
import type { ComponentProps } from 'react'
import { Select } from '@/components/ui/select'

/** Every IANA zone the browser knows; the saved one is kept even where the list lacks it ('UTC'). */
export function TimeZoneSelect({
  current,
  ...props
}: ComponentProps<'select'> & { current: string }) {
  const zones = timeZoneNames()
  const all = current && !zones.includes(current) ? [current, ...zones] : zones
  return (
    <Select {...props}>
      {all.map((zone) => (
        <option key={zone} value={zone}>
          {zone.replace(/_/g, ' ')}
        </option>
      ))}
    </Select>
  )
}
