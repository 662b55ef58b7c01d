import { useEffect, useRef } from 'react'

/**
 * Moves focus to the element when a step of a flow appears, so keyboard and screen-reader users
 * land on the new step instead of on a button that no longer exists.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  useEffect(() => {
    ref.current?.focus()
  }, [])
  return ref
}
