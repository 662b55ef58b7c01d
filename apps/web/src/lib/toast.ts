// Toasts without sonner on the first screen: sonner (8 KB compressed) loads with the first toast
// shown, and the layout mounts its Toaster then (components/toasts.tsx;
// docs/decisions/019-compressed-assets-and-preloading.md).
const listeners = new Set<() => void>()
let requested = false
let markMounted: () => void = () => undefined
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve
})

/** Shows a toast; the first one loads sonner and waits for its Toaster to be on screen. */
function show(message: string, kind: 'info' | 'error'): void {
  if (!requested) {
    requested = true
    listeners.forEach((listener) => listener())
  }
  void Promise.all([import('sonner'), mounted]).then(([{ toast }]) =>
    kind === 'error' ? toast.error(message) : toast(message),
  )
}

export const showToast = (message: string) => show(message, 'info')
export const showErrorToast = (message: string) => show(message, 'error')

/** Whether a toast was asked for yet (the Toaster mounts from then on). */
export const toastsRequested = () => requested

export function onToastsRequested(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Called by the Toaster's wrapper once sonner's Toaster has mounted and listens. */
export const toasterMounted = () => markMounted()
