import { ROLE_LABELS } from '@localseo/shared/member-roles'
import { Check, Plus } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { useAuthStore } from '@/lib/auth'
import { switchBusiness } from '@/lib/switch-business'
import { showErrorToast } from '@/lib/toast'
import { cn } from '@/lib/utils'
import { useMemberships } from '../api/memberships'

/** The switcher's menu: every business the person belongs to, with their role, and adding one. */
export function BusinessMenu({ currentId, onClose }: { currentId: string; onClose: () => void }) {
  const memberships = useMemberships()
  const store = useAuthStore()
  const [switching, setSwitching] = useState<string | null>(null)

  async function choose(businessId: string) {
    if (businessId === currentId) return onClose()
    setSwitching(businessId)
    try {
      await switchBusiness(businessId, store.setBusiness)
    } catch {
      setSwitching(null)
      showErrorToast('Could not open that business. Please try again.')
    }
  }

  return (
    <div className="p-2">
      <p className="px-2 pt-1 pb-2 text-xs font-medium text-muted-foreground">Your businesses</p>
      {memberships.isPending ? <Spinner label="Loading your businesses…" className="py-4" /> : null}
      {memberships.isError ? (
        <p className="px-2 py-2 text-sm text-destructive">Could not load your businesses.</p>
      ) : null}
      <ul className="grid gap-0.5">
        {memberships.data?.map((membership) => {
          const current = membership.businessId === currentId
          return (
            <li key={membership.businessId}>
              <button
                type="button"
                aria-current={current ? 'true' : undefined}
                disabled={switching !== null}
                onClick={() => void choose(membership.businessId)}
                className={cn(
                  'flex w-full items-center gap-2 rounded-md px-2 py-2 text-left text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-60',
                  current && 'font-medium',
                )}
              >
                <Check
                  aria-hidden="true"
                  className={cn('size-4 shrink-0', current ? 'text-primary' : 'invisible')}
                />
                <span className="min-w-0 flex-1 truncate">
                  {membership.name || 'Unnamed business'}
                </span>
                <span className="shrink-0 text-xs text-muted-foreground">
                  {switching === membership.businessId ? 'Opening…' : ROLE_LABELS[membership.role]}
                </span>
              </button>
            </li>
          )
        })}
      </ul>
      <div className="mt-1 border-t pt-1">
        <Link
          to={paths.newBusiness}
          onClick={onClose}
          className="flex items-center gap-2 rounded-md px-2 py-2 text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <Plus aria-hidden="true" className="size-4" />
          Add a business
        </Link>
      </div>
    </div>
  )
}
