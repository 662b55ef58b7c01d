import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import { onToastsRequested, toasterMounted, toastsRequested } from '@/lib/toast'

const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }))

/** Rendered after the Toaster, so its effect runs once the Toaster listens for toasts. */
function Mounted() {
  useEffect(toasterMounted, [])
  return null
}

/** Sonner's Toaster, mounted once the first toast is asked for (lib/toast.ts). */
export function Toasts() {
  const wanted = useSyncExternalStore(onToastsRequested, toastsRequested)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" richColors closeButton />
      <Mounted />
    </Suspense>
  )
}
