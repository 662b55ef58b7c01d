// The dashboard's 'Share' dialog (issue 35 item 5): a read-only link to the place's live dashboard.
// Loaded only when the owner opens it (app/routes/dashboard.tsx): the dashboard's first load is at
// its JavaScript budget (docs/decisions/019-compressed-assets-and-preloading.md).
import type { Business } from '@localseo/shared/business'
import type { ResolvedLocation } from '@localseo/shared/location-selection'
import * as DialogPrimitive from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { ShareLinksPanel } from './share-links-panel'

export function ShareDialog({
  business,
  location,
  canShare,
  open,
  onOpenChange,
}: {
  business: Business
  location: ResolvedLocation
  canShare: boolean
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <DialogPrimitive.Content className="fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-card p-6 shadow-lg">
          <div className="flex items-start justify-between gap-4">
            <div className="grid gap-1">
              <DialogPrimitive.Title className="text-lg font-semibold">
                Share the dashboard
              </DialogPrimitive.Title>
              <DialogPrimitive.Description className="text-sm text-muted-foreground">
                A read-only link to the live dashboard of {location.label} for someone without an
                account: the score and top keywords, nothing else.
              </DialogPrimitive.Description>
            </div>
            <DialogPrimitive.Close asChild>
              <Button type="button" variant="ghost" size="icon" aria-label="Close">
                <X aria-hidden="true" className="size-4" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          <ShareLinksPanel
            business={business}
            target={{ kind: 'dashboard', location: location.id }}
            canShare={canShare}
          />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}
