import { countryCodes, countryName, MAIN_COUNTRIES } from '@localseo/shared/countries'
import type { ComponentProps } from 'react'
import { Select } from '@/components/ui/select'

const main = new Set<string>(MAIN_COUNTRIES)

/** Every country by its English name, the six the product knows best first. */
const others = countryCodes()
  .filter((code) => !main.has(code))
  .map((code) => ({ code, name: countryName(code) }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'))

/** The Country select of the business and location forms (ISO 3166-1 alpha-2 values). */
export function CountrySelect(props: ComponentProps<'select'>) {
  return (
    <Select autoComplete="country" {...props}>
      <optgroup label="Most used">
        {MAIN_COUNTRIES.map((code) => (
          <option key={code} value={code}>
            {countryName(code)}
          </option>
        ))}
      </optgroup>
      <optgroup label="All countries">
        {others.map(({ code, name }) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </optgroup>
    </Select>
  )
}
