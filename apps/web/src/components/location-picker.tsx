import type { Business } from '@localseo/shared/business'
import {
  MAIN_LOCATION,
  mainLocationLabel,
  resolveLocation,
  type ResolvedLocation,
} from '@localseo/shared/location-selection'
import { useId, useState } from 'react'
import { Label } from '@/components/ui/label'
import { Select } from '@/components/ui/select'

/** docs/product.md §2: '{business name} (Main)' and every location; screens show it only when locations exist. */
export function LocationPicker({
  business,
  value,
  onChange,
}: {
  business: Business
  value: string
  onChange: (locationId: string) => void
}) {
  const id = useId()
  return (
    <div className="flex w-full flex-col gap-2 sm:w-64">
      <Label htmlFor={id}>Location</Label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value={MAIN_LOCATION}>{mainLocationLabel(business)}</option>
        {business.locations.map((location) => (
          <option key={location.id} value={location.id}>
            {location.name}
          </option>
        ))}
      </Select>
    </div>
  )
}

/**
 * The location a screen shows (docs/product.md §4): starts at main; a location that no longer exists falls back
 * to main through resolveLocation, the one shared selection function.
 */
export function useSelectedLocation(business: Business): [ResolvedLocation, (id: string) => void] {
  const [selected, setSelected] = useState<string>(MAIN_LOCATION)
  return [resolveLocation(business, selected), setSelected]
}
