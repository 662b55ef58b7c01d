// GET /api/shared/:token (issue 35 item 5, docs/decisions/050-share-links.md): what a share link
// shows, asked for without a session. A plain fetch, not the API client: no Authorization header,
// no business header, no auth code loaded; nothing of a signed-in owner goes with it.
import { sharedViewSchema, type SharedView } from '@localseo/shared/share-links'
import { useQuery } from '@tanstack/react-query'

export const sharedPath = (token: string) => `/api/shared/${encodeURIComponent(token)}`

/** Why a link does not open: gone (unknown, expired, turned off), too many tries, or a failure. */
export class SharedViewError extends Error {
  constructor(readonly status: number) {
    super(`The shared view answered ${status}.`)
  }
}

async function fetchSharedView(token: string): Promise<SharedView> {
  const response = await fetch(sharedPath(token), {
    credentials: 'omit',
    referrerPolicy: 'no-referrer',
  })
  if (!response.ok) throw new SharedViewError(response.status)
  return sharedViewSchema.parse(await response.json())
}

export function useSharedView(token: string) {
  return useQuery({
    queryKey: ['shared', token],
    queryFn: () => fetchSharedView(token),
    // A link that is gone stays gone: asking again only spends the visitor's rate limit.
    retry: false,
    staleTime: 60_000,
  })
}
