import { hasBusinessName, type Business } from '@localseo/shared/business'
import { Menu, X } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link, Outlet } from 'react-router'
import { BrandMark } from '@/components/brand-mark'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { useAuth, useAuthStore } from '@/lib/auth'
import { showErrorToast } from '@/lib/toast'
import { cn } from '@/lib/utils'
import { NotificationBell } from '@/features/alerts/components/notification-bell'
import { BusinessSwitcher } from '@/features/team/components/business-switcher'
// Issue 35: a viewer's note above every screen. In the first screen's chunk, not one of its own: the
// role is read on every screen anyway, and a chunk of its own was a request more than the
// dashboard's budget allows (issue 36 item 6, ADR 019).
import { RoleNotice } from '@/features/team/components/role-notice'
import { useMemberRole } from '@/features/team/api/memberships'
import { MemberRoleContext } from '@/lib/member-role'
import { SideMenu } from './side-menu'

const MENU_ID = 'main-menu'

/** The signed-in layout (docs/product.md §2): header with brand and user, side menu, the screen beside it. */
export function AppShell({ business }: { business: Business }) {
  const { user, logout } = useAuth()
  const store = useAuthStore()
  const [menuOpen, setMenuOpen] = useState(false)
  const [loggingOut, setLoggingOut] = useState(false)

  async function handleLogout() {
    setLoggingOut(true)
    try {
      // Signing out sends the guard back to the landing page (docs/product.md §2 "goes to /").
      await logout()
    } catch {
      setLoggingOut(false)
      showErrorToast('Could not log out. Please try again.')
    }
  }

  const displayName = user?.name || user?.email || ''

  return (
    <div className="min-h-dvh bg-background">
      <header className="sticky top-0 z-30 border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80">
        <div className="flex h-16 items-center gap-3 px-4 md:px-6">
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
          <Link
            to={paths.recommendations}
            onClick={() => setMenuOpen(false)}
            className="flex items-center gap-2 rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <BrandMark markOnlyOnPhones={hasBusinessName(business)} />
          </Link>
          <BusinessSwitcher business={business} />
          <div className="ml-auto flex min-w-0 items-center gap-3">
            <NotificationBell business={business} />
            <span
              aria-hidden="true"
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground"
              title={user?.email}
            >
              {displayName.charAt(0).toUpperCase()}
            </span>
            {/* On phones the initial stands for the name, which screen readers still hear. */}
            <span className="truncate text-sm font-medium max-sm:sr-only" title={user?.email}>
              <span className="sr-only">Signed in as </span>
              {displayName}
            </span>
          </div>
        </div>
      </header>

      {/* At least the rest of the screen tall, so the menu's background reaches its bottom on a short page. */}
      <div className="flex min-h-[calc(100dvh-4rem)]">
        <MenuPanel open={menuOpen}>
          <SideMenu
            id={MENU_ID}
            className="p-4"
            onNavigate={() => setMenuOpen(false)}
            onLogout={() => void handleLogout()}
            // A returning owner's screens load without auth-js (ADR 019), and signing out needs it:
            // fetched as the pointer or the focus reaches Log Out, the click signs out at once.
            onLogoutIntent={() => void store.loadClient().catch(() => undefined)}
            loggingOut={loggingOut}
          />
        </MenuPanel>
        <ScreenArea business={business} />
      </div>
    </div>
  )
}

/** The screen, under the viewer's note; it knows the person's role (lib/member-role.ts). */
function ScreenArea({ business }: { business: Business }) {
  const role = useMemberRole(business)
  return (
    <main id="main" className="min-w-0 flex-1 px-4 py-6 md:px-8 md:py-8">
      <div className="mx-auto max-w-6xl">
        <RoleNotice business={business} role={role} />
        {/* The screens offer a viewer no changes (lib/member-role.ts). */}
        <MemberRoleContext.Provider value={role}>
          <Outlet context={business} />
        </MemberRoleContext.Provider>
      </div>
    </main>
  )
}

/**
 * The side menu's panel: on wide screens it runs the full height of the page (its background and
 * border) and the menu inside stays in view while the page scrolls; on phones it opens over the page.
 */
function MenuPanel({ open, children }: { open: boolean; children: ReactNode }) {
  return (
    <aside
      className={cn(
        'border-r bg-card md:block md:w-64 md:shrink-0',
        open ? 'fixed inset-x-0 top-16 bottom-0 z-20 block overflow-y-auto shadow-lg' : 'hidden',
      )}
    >
      <div className="md:sticky md:top-16 md:max-h-[calc(100dvh-4rem)] md:overflow-y-auto">
        {children}
      </div>
    </aside>
  )
}
