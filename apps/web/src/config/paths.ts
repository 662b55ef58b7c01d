// The single route registry (docs/house-rules.md "A single route registry"): every link and redirect reads from here.
export const paths = {
  landing: '/',
  recommendations: '/recommendations',
  dashboard: '/dashboard',
  /** Issue 11: reached from the dashboard's Issues to Fix card; the side menu stays as docs/product.md §2 has it. */
  siteAudit: '/dashboard/audit',
  keywords: '/keywords',
  keywordPlanner: '/keyword-planner',
  rankTracker: '/rank-tracker',
  /** Issue 17: reached from the Rank Tracker's Geo-grid button; the menu keeps Rank Tracker active. */
  rankTrackerGrid: '/rank-tracker/grid',
  backlinks: '/backlinks',
  listings: '/listings',
  /** Issue 33: the Google Business Profile's reviews, replies and review requests. */
  reviews: '/reviews',
  /** Issue 33: the Google Business Profile's posts (updates, offers, events). */
  posts: '/posts',
  /** Issue 35 item 4: the monthly report as a PDF, its white label and recipients. */
  reports: '/reports',
  settings: '/settings',
  /** Issue 34: how every figure is computed; reached from the figures it defines, not the menu. */
  methods: '/methods',
  /** Issue 34: who outranks the business; reached from the Rank Tracker and the geo-grid. */
  competitors: '/competitors',
  /** Issue 35: another business for the signed-in person, from the header's switcher. */
  newBusiness: '/businesses/new',
  /** Issue 35: where an invitation's link leads: join a business's team. */
  join: '/join',
  /** Where a password-recovery link leads: 'Set a new password'. */
  resetPassword: '/reset-password',
  /** Issue 35 item 5: a share link's read-only view, opened without an account. */
  shared: '/shared/:token',
} as const

export type AppPath = (typeof paths)[keyof typeof paths]

export type ScreenKey = Exclude<
  keyof typeof paths,
  | 'landing'
  | 'resetPassword'
  | 'siteAudit'
  | 'rankTrackerGrid'
  | 'methods'
  | 'competitors'
  | 'newBusiness'
  | 'join'
  | 'shared'
>

/** Side-menu entries in docs/product.md §2 order; the labels double as screen titles. */
export const menuEntries: ReadonlyArray<{ key: ScreenKey; label: string; path: AppPath }> = [
  { key: 'recommendations', label: 'SEO Recommendations', path: paths.recommendations },
  { key: 'dashboard', label: 'Dashboard', path: paths.dashboard },
  { key: 'keywords', label: 'Keyword Analysis', path: paths.keywords },
  { key: 'keywordPlanner', label: 'Keyword Planner', path: paths.keywordPlanner },
  { key: 'rankTracker', label: 'Rank Tracker', path: paths.rankTracker },
  { key: 'backlinks', label: 'Backlink Monitor', path: paths.backlinks },
  { key: 'listings', label: 'Local Listings', path: paths.listings },
  { key: 'reviews', label: 'Reviews', path: paths.reviews },
  { key: 'posts', label: 'Profile Posts', path: paths.posts },
  { key: 'reports', label: 'Reports', path: paths.reports },
  { key: 'settings', label: 'Settings', path: paths.settings },
]

/** Pages reached from many screens (Methods, from every figure it defines): no entry is theirs. */
const OUTSIDE_MENU: readonly string[] = [paths.methods, '/businesses', paths.join]

/**
 * docs/product.md §2: the active entry comes from the first path segment, default recommendations;
 * none on a page outside the menu.
 */
export function activeMenuKey(pathname: string): ScreenKey | null {
  const segment = pathname.split('/').find((part) => part !== '') ?? ''
  if (OUTSIDE_MENU.includes(`/${segment}`)) return null
  // Competitors is reached from the Rank Tracker and its geo-grid, so the menu keeps Rank Tracker.
  if (`/${segment}` === paths.competitors) return 'rankTracker'
  const entry = menuEntries.find((item) => item.path === `/${segment}`)
  return entry?.key ?? 'recommendations'
}
