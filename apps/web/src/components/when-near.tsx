import { useEffect, useRef, useState, type ReactNode } from 'react'

/**
 * Renders its children once its place comes near the viewport: a card below the first screen loads
 * its code and data when the owner scrolls towards it, not with the screen (issue 36 items 2 and 6:
 * no screen loads more than it shows, and the dashboard's first load keeps its budget, ADR 019).
 * Without IntersectionObserver (an old browser, a test's DOM) the children render at once.
 */
export function WhenNear({ children, minHeight }: { children: ReactNode; minHeight: string }) {
  const place = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const element = place.current
    if (near || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: '100px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [near])
  if (near) return children
  return <div ref={place} style={{ minHeight }} />
}
