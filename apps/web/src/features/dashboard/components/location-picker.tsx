import type { Business } from '@localseo/shared/business'
import { MAIN_LOCATION, mainLocationLabel } from '@localseo/shared/location-selection'
import { Label } from '@/components/ui/label'
import { Select } from '@/components/ui/select'

/** SPEC §2: '{business name} (Main)' and every location; shown only when locations exist. */
export function LocationPicker({
  business,
  value,
  onChange,
}: {
  business: Business
  value: string
  onChange: (locationId: string) => void
}) {
  return (
    <div className="flex w-full flex-col gap-2 sm:w-64">
      <Label htmlFor="dashboard-location">Location</Label>
      <Select id="dashboard-location" value={value} onChange={(e) => onChange(e.target.value)}>
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
