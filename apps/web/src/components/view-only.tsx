import type { ReactNode } from 'react'

/**
 * Settings a viewer may read but not change (issue 35 item 1): every control inside is disabled,
 * so the values stay readable. The viewer's note above the screen says why (lib/member-role.ts).
 */
export function ViewOnly({ when, children }: { when: boolean; children: ReactNode }) {
  if (!when) return children
  return (
    <fieldset disabled className="contents">
      {children}
    </fieldset>
  )
}
