/**
 * /api routes anyone may call without a session: a share link's view and its PDF (issue 35 item 5,
 * docs/decisions/050-share-links.md). The route-inventory, roles and token-forgery gates leave them
 * out; the token in the path is their key, and features/share-links/share-links.test.ts proves an
 * unknown, expired or turned-off one opens nothing.
 */
export const PUBLIC_API_ROUTES: ReadonlySet<string> = new Set([
  '/api/shared/:token',
  '/api/shared/:token/report.pdf',
])
