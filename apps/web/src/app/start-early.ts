// The entry's first import (main.tsx): with a session stored, the signed-in layout's code and the
// opened screen's start downloading now, before the entry evaluates React and the rest of itself
// (170-250 ms at a 4x CPU throttle), instead of after. app/preload.ts then sends the first requests
// and joins these downloads (docs/decisions/019-compressed-assets-and-preloading.md).
import { SESSION_STORAGE_KEY } from '@/lib/user-storage'
import { firstScreenOf, layoutCode, screenCodeAt } from './screen-code'

interface Code {
  layout: () => Promise<unknown>
  screenAt: (pathname: string) => (() => Promise<unknown>) | undefined
}

/** Starts the downloads a returning owner's first screen needs; false when no session is stored. */
export function startCodeEarly(
  pathname: string,
  storage: Pick<Storage, 'getItem'>,
  code: Code = { layout: layoutCode, screenAt: screenCodeAt },
): boolean {
  try {
    if (!storage.getItem(SESSION_STORAGE_KEY)) return false
  } catch {
    // Storage the browser refuses: the app starts without the preload, as for a first visit.
    return false
  }
  for (const load of [code.layout, code.screenAt(firstScreenOf(pathname))]) {
    void load?.().catch(() => {
      // The route loads it again when it renders, and reports a failure then.
    })
  }
  return true
}

try {
  startCodeEarly(window.location.pathname, window.localStorage)
} catch {
  // A browser that refuses storage altogether: nothing to start early.
}
