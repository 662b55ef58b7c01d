import {
  createElement,
  lazy,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react'

interface Options {
  /**
   * Rendered in the component's place while its code is on the way, instead of suspending: no
   * Suspense fallback is shown, so React's 300 ms hold on a boundary's reveal never starts and the
   * component appears in the render after its code arrives.
   */
  placeholder?: ReactNode
}

/**
 * A code-split component that renders at once when its code has already arrived (the start-up
 * preload fetched it), instead of suspending for a tick as React.lazy does: a boundary that shows
 * its fallback even briefly is held by React for 300 ms before the content replaces it, which
 * delayed the dashboard's first paint (docs/decisions/019-compressed-assets-and-preloading.md).
 * `load` starts (or joins) the download; without a placeholder the component suspends only while
 * it is under way. A download that fails suspends into React.lazy, which tries once more and
 * throws to the nearest error boundary.
 */
export function lazyLoaded<P extends object>(
  importComponent: () => Promise<ComponentType<P>>,
  { placeholder }: Options = {},
) {
  let loaded: ComponentType<P> | null = null
  let failed = false
  let loading: Promise<ComponentType<P>> | null = null
  const waiting = new Set<() => void>()
  const settled = () => {
    for (const listener of waiting) listener()
  }
  const load = () => {
    loading ??= importComponent().then(
      (component) => {
        loaded = component
        failed = false
        settled()
        return component
      },
      (error: unknown) => {
        loading = null
        failed = true
        settled()
        throw error
      },
    )
    return loading
  }
  // What a placeholder waits on. useSyncExternalStore looks at the status again once it has
  // subscribed, so code that arrives between the render and the subscription is not missed.
  const subscribe = (listener: () => void) => {
    waiting.add(listener)
    load().catch(() => undefined) // the failure reaches the listener; React.lazy reports it
    return () => waiting.delete(listener)
  }
  const status = () => (loaded ? 'loaded' : failed ? 'failed' : 'loading')
  const Lazy = lazy(async () => ({ default: await load() }))
  function Component(props: P) {
    const now = useSyncExternalStore(subscribe, status)
    if (loaded) return createElement(loaded, props)
    return placeholder !== undefined && now === 'loading' ? placeholder : createElement(Lazy, props)
  }
  return { Component, load }
}
