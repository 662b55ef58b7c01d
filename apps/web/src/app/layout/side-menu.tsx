import {
  Lightbulb,
  LayoutDashboard,
  Link2,
  FileText,
  ListChecks,
  LogOut,
  MapPin,
  Megaphone,
  Search,
  Settings,
  Star,
  TrendingUp,
  type LucideIcon,
} from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { Button } from '@/components/ui/button'
import { activeMenuKey, menuEntries, type ScreenKey } from '@/config/paths'
import { cn } from '@/lib/utils'

const icons: Record<ScreenKey, LucideIcon> = {
  recommendations: Lightbulb,
  dashboard: LayoutDashboard,
  keywords: Search,
  keywordPlanner: ListChecks,
  rankTracker: TrendingUp,
  backlinks: Link2,
  listings: MapPin,
  reviews: Star,
  posts: Megaphone,
  reports: FileText,
  settings: Settings,
}

export interface SideMenuProps {
  id?: string
  className?: string
  onNavigate?: () => void
  onLogout: () => void
  /** The pointer or the focus reached Log Out: a click may follow. */
  onLogoutIntent?: () => void
  loggingOut?: boolean
}

/** docs/product.md §2 side menu: the active entry comes from the first path segment, default recommendations. */
export function SideMenu({
  id,
  className,
  onNavigate,
  onLogout,
  onLogoutIntent,
  loggingOut,
}: SideMenuProps) {
  const { pathname } = useLocation()
  const active = activeMenuKey(pathname)

  return (
    <nav id={id} aria-label="Main" className={cn('flex flex-col gap-4', className)}>
      <ul className="flex flex-col gap-1">
        {menuEntries.map(({ key, label, path }) => {
          const Icon = icons[key]
          const isActive = key === active
          return (
            <li key={key}>
              <Link
                to={path}
                onClick={onNavigate}
                aria-current={isActive ? 'page' : undefined}
                className={cn(
                  'relative flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
                  'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  isActive
                    ? 'bg-accent text-accent-foreground before:absolute before:inset-y-1.5 before:left-0 before:w-1 before:rounded-full before:bg-primary'
                    : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                )}
              >
                <Icon aria-hidden="true" className="size-4 shrink-0" />
                <span className={cn(isActive && 'font-semibold')}>{label}</span>
              </Link>
            </li>
          )
        })}
      </ul>
      <div className="border-t pt-4">
        <Button
          variant="ghost"
          className="w-full justify-start gap-3 px-3 text-muted-foreground"
          onClick={onLogout}
          onPointerEnter={onLogoutIntent}
          onFocus={onLogoutIntent}
          disabled={loggingOut}
        >
          <LogOut aria-hidden="true" />
          {loggingOut ? 'Logging out...' : 'Log Out'}
        </Button>
      </div>
    </nav>
  )
}
