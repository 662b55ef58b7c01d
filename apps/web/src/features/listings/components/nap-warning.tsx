import type { ListingsView } from '@localseo/shared/listings'
import { CircleCheck, Info, TriangleAlert } from 'lucide-react'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'

/** The warning with the real count of platforms whose name, address or phone differs. */
export function NapWarning({ view }: { view: ListingsView }) {
  const count = view.inconsistentCount
  // Nothing recorded and no sample: there is nothing to compare yet (issue 32 item 8).
  const compared = [...view.listings, ...view.citations].filter(
    (entry) => entry.napConsistency !== 'n/a',
  ).length
  return (
    <div className="grid gap-3">
      {compared === 0 ? (
        <Alert>
          <Info aria-hidden="true" className="size-4" />
          <AlertDescription>
            Nothing is recorded yet. Choose Edit on a platform to record what it shows, and its
            name, address and phone are checked against your profile.
          </AlertDescription>
        </Alert>
      ) : count > 0 ? (
        <Alert variant="destructive">
          <TriangleAlert aria-hidden="true" className="size-4" />
          <div>
            <AlertTitle>NAP inconsistencies detected</AlertTitle>
            <AlertDescription>
              Inconsistencies detected across {count} {count === 1 ? 'platform' : 'platforms'}. Fix
              them on each platform so search engines trust your details.
            </AlertDescription>
          </div>
        </Alert>
      ) : (
        <Alert>
          <CircleCheck aria-hidden="true" className="size-4 text-primary" />
          <AlertDescription>
            Your name, address and phone match on every platform that lists you.
          </AlertDescription>
        </Alert>
      )}
      {view.hasSampleData ? (
        <Alert variant="info">
          <Info aria-hidden="true" className="size-4" />
          <AlertDescription>
            Platforms marked “Sample” show example data. Choose Edit to record what a platform
            really shows, and the check becomes real for it.
          </AlertDescription>
        </Alert>
      ) : null}
    </div>
  )
}
