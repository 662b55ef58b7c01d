// The business's time zone for every date a screen shows (issue 32 item 5, lib/dates.ts): provided
// once by the signed-in layout, so a component deep in a screen needs no prop for it.
import { createContext, useContext } from 'react'

/** Outside the signed-in app (a component rendered alone): the browser's own time zone. */
export const BusinessTimeZone = createContext<string>(
  Intl.DateTimeFormat().resolvedOptions().timeZone,
)

export const useTimeZone = () => useContext(BusinessTimeZone)
