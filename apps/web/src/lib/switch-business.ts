// Moving this browser to another of the person's businesses (issue 35 item 2, ADR 043): the choice
// is stored, the business is read under it and kept on the stored user, then the app starts again
// on the dashboard, so that no screen, cache or early request holds the old business's data.
import { paths } from '@/config/paths'
import { fetchBusiness } from './business'
import { chooseBusiness, chosenBusiness } from './current-business'

export async function switchBusiness(
  businessId: string,
  setBusiness: (business: Awaited<ReturnType<typeof fetchBusiness>>) => void,
): Promise<void> {
  const previous = chosenBusiness()
  chooseBusiness(businessId)
  try {
    setBusiness(await fetchBusiness())
  } catch (error) {
    chooseBusiness(previous)
    throw error
  }
  window.location.assign(paths.dashboard)
}
