// An invitation link opened while signed out (issue 35 item 1): its token waits in this browser
// while the person signs in or signs up, then the join screen opens with it.
const KEY = 'pending-invitation'

export function pendingInvitation(storage: Storage = localStorage): string | null {
  try {
    return storage.getItem(KEY)
  } catch {
    return null
  }
}

export function keepPendingInvitation(token: string | null, storage: Storage = localStorage) {
  try {
    if (token) storage.setItem(KEY, token)
    else storage.removeItem(KEY)
  } catch {
    // Storage blocked: the person opens the link again once signed in.
  }
}
