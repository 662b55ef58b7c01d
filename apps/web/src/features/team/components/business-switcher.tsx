import { hasBusinessName, type Business } from '@localseo/shared/business'
import { Building2, ChevronDown } from 'lucide-react'
import { lazy, Suspense, useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { useDismiss } from '@/lib/use-dismiss'

const BusinessMenu = lazy(async () => ({
  default: (await import('./business-menu')).BusinessMenu,
}))

/**
 * The header's business switcher (issue 35 item 2): the name of the business every screen is about,
 * and a menu of the person's other businesses whose code loads when it is first pointed at or opened
 * (business-menu.tsx).
 */
export function BusinessSwitcher({ business }: { business: Business }) {
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const ref = useDismiss(open, () => setOpen(false))
  if (!hasBusinessName(business)) return null
  const load = () => void import('./business-menu')
  return (
    <div ref={ref} className="relative min-w-0">
      <Button
        variant="ghost"
        className="max-w-[11rem] gap-1.5 px-2 sm:max-w-[16rem]"
        aria-expanded={open}
        aria-controls={menuId}
        aria-haspopup="true"
        title={business.name}
        onPointerEnter={load}
        onFocus={load}
        onClick={() => setOpen((o) => !o)}
      >
        <Building2 aria-hidden="true" className="shrink-0 text-muted-foreground" />
        <span className="sr-only">Business: </span>
        <span className="truncate">{business.name}</span>
        <ChevronDown aria-hidden="true" className="shrink-0 text-muted-foreground" />
      </Button>
      {open ? (
        <div
          id={menuId}
          role="region"
          aria-label="Your businesses"
          className="absolute left-0 z-40 mt-2 w-[20rem] rounded-lg border bg-card shadow-lg max-sm:fixed max-sm:inset-x-4 max-sm:top-16 max-sm:w-auto"
        >
          <Suspense fallback={<p className="p-4 text-sm text-muted-foreground">Loading…</p>}>
            <BusinessMenu currentId={business.id} onClose={() => setOpen(false)} />
          </Suspense>
        </div>
      ) : null}
    </div>
  )
}
