// The task-completed modal (docs/product.md §2, §4) on Radix Dialog: focus moves to Continue, stays inside,
// and on close goes to 'Your SEO Journey', where the new points are (the clicked button is gone).
import type { BadgeProgress, SeoTask } from '@localseo/shared/progress'
import * as DialogPrimitive from '@radix-ui/react-dialog'
import { Award, PartyPopper } from 'lucide-react'
import { Button } from '@/components/ui/button'

export interface Completion {
  task: SeoTask
  pointsEarned: number
  points: number
  level: number
  levelUp: boolean
  newBadges: BadgeProgress[]
}

export function TaskCompletedDialog({
  completion,
  onClose,
  returnFocusTo,
}: {
  completion: Completion | null
  onClose: () => void
  returnFocusTo: () => HTMLElement | null
}) {
  return (
    <DialogPrimitive.Root
      open={completion !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <DialogPrimitive.Content
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo()
            if (target) {
              event.preventDefault()
              target.focus()
            }
          }}
          className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border bg-card p-6 text-center shadow-lg"
        >
          {completion ? (
            <>
              <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-success/15 text-success">
                <PartyPopper aria-hidden="true" className="size-7" />
              </span>
              <DialogPrimitive.Title className="text-xl font-semibold">
                Task Completed!
              </DialogPrimitive.Title>
              <DialogPrimitive.Description className="text-sm text-muted-foreground">
                You completed “{completion.task.title}”.
              </DialogPrimitive.Description>
              <p className="text-3xl font-bold text-primary tabular-nums">
                +{completion.pointsEarned} points
              </p>
              <p className="text-sm">
                {completion.levelUp
                  ? `Level up! You are now level ${completion.level} with ${completion.points} points.`
                  : `You are level ${completion.level} with ${completion.points} points.`}
              </p>
              {completion.newBadges.length > 0 ? (
                <div className="grid gap-2">
                  <p className="text-sm font-medium">New achievements unlocked</p>
                  <ul aria-label="New achievements" className="flex flex-wrap justify-center gap-2">
                    {completion.newBadges.map((badge) => (
                      <li
                        key={badge.id}
                        className="inline-flex items-center gap-1 rounded-full bg-success/15 px-3 py-1 text-sm font-medium text-success"
                      >
                        <Award aria-hidden="true" className="size-4" />
                        {badge.name}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              <DialogPrimitive.Close asChild>
                <Button className="w-full sm:mx-auto sm:w-40">Continue</Button>
              </DialogPrimitive.Close>
            </>
          ) : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}
