import { BrandMark } from '@/components/brand-mark'
import { Spinner } from '@/components/ui/spinner'

/**
 * The signed-in layout's frame while the session check runs and the layout's code loads: the same
 * header, side panel and page area as layout/app-shell.tsx, so the page is painted at once and
 * nothing moves when the real shell replaces it. It shows nothing of the account.
 */
export function ShellSkeleton() {
  return (
    <div className="min-h-dvh bg-background">
      <header className="sticky top-0 z-30 border-b bg-card/95">
        <div className="flex h-16 items-center gap-3 px-4 md:px-6">
          <span aria-hidden="true" className="size-10 shrink-0 md:hidden" />
          <span className="flex items-center gap-2">
            <BrandMark />
          </span>
        </div>
      </header>
      <div className="flex">
        <aside
          aria-hidden="true"
          className="hidden border-r bg-card md:block md:w-64 md:shrink-0"
        />
        <main id="main" className="min-w-0 flex-1 px-4 py-6 md:px-8 md:py-8">
          <div className="mx-auto max-w-6xl">
            <Spinner label="Checking your session…" />
          </div>
        </main>
      </div>
    </div>
  )
}
