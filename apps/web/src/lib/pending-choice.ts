import { useState } from 'react'

/**
 * What a control that saves as it changes (a box, a select) shows while its save is out. It is set
 * in the change event itself: a TanStack mutation's own state reaches React a task later, and until
 * then a controlled control springs back to the saved value. Call `show(value)` before `mutate`,
 * and pass `settled` as mutate's `onSettled`: only the latest call's runs, so a quicker second
 * change keeps its own value shown.
 */
export function usePendingChoice<T>() {
  const [pending, setPending] = useState<{ value: T } | null>(null)
  return {
    pending,
    show: (value: T) => setPending({ value }),
    settled: () => setPending(null),
  }
}
