// The business this browser works on, for a person who belongs to several (issue 35 item 2,
// docs/decisions/043-members-and-roles.md): chosen in the header's switcher, remembered in this
// browser, and named on every /api request (BUSINESS_HEADER). Without a choice the server answers
// for the person's first business. Kept tiny: the first screen's requests read it.
import { BUSINESS_HEADER } from '@localseo/shared/member-roles'

const BUSINESS_CHOICE_KEY = 'business-choice'

export function chosenBusiness(storage: Storage = localStorage): string | null {
  try {
    return storage.getItem(BUSINESS_CHOICE_KEY)
  } catch {
    return null
  }
}

export function chooseBusiness(businessId: string | null, storage: Storage = localStorage): void {
  try {
    if (businessId) storage.setItem(BUSINESS_CHOICE_KEY, businessId)
    else storage.removeItem(BUSINESS_CHOICE_KEY)
  } catch {
    // Storage blocked (private mode): this visit works on the first business.
  }
}

/** The header naming the chosen business, or none. */
export function businessHeaders(storage: Storage = localStorage): Record<string, string> {
  const businessId = chosenBusiness(storage)
  return businessId ? { [BUSINESS_HEADER]: businessId } : {}
}
