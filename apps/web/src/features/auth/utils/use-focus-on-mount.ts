import { useLayoutEffect, useRef } from 'react'

/**
 * Moves focus to the element when a step of a flow appears, so keyboard and screen-reader users
 * land on the new step instead of on a button that no longer exists. In the commit that shows the
 * step (a layout effect), so the step never appears without the focus: a passive effect ran later,
 * and a loaded machine's test saw the heading before its focus.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  useLayoutEffect(() => {
    ref.current?.focus()
  }, [])
  return ref
}
