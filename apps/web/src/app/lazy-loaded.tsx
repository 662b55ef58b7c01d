import { createElement, lazy, type ComponentType } from 'react'

/**
 * A code-split component that renders at once when its code has already arrived (the start-up
 * preload fetched it), instead of suspending for a tick as React.lazy does: a boundary that shows
 * its fallback even briefly is held by React for 300 ms before the content replaces it, which
 * delayed the dashboard's first paint (docs/decisions/019-compressed-assets-and-preloading.md).
 * `load` starts (or joins) the download; the component suspends only while it is under way.
 */
export function lazyLoaded<P extends object>(importComponent: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null
  let loading: Promise<ComponentType<P>> | null = null
  const load = () => {
    loading ??= importComponent().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null
        throw error
      },
    )
    return loading
  }
  const Lazy = lazy(async () => ({ default: await load() }))
  function Component(props: P) {
    return createElement(loaded ?? Lazy, props)
  }
  return { Component, load }
}
