import type { ReactNode } from 'react'

/**
 * One label and value of a `<dl>`, with an icon before the label. The icon sits inside the `<dt>`,
 * so the list keeps the structure assistive technology expects (a `<dl>` group holds only `<dt>`
 * and `<dd>`), and the value lines up under the label's text.
 */
export function IconDetail({
  icon,
  label,
  children,
}: {
  icon: ReactNode
  label: string
  children: ReactNode
}) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-2.5 text-xs text-muted-foreground [&_svg]:size-4 [&_svg]:shrink-0">
        {icon}
        {label}
      </dt>
      <dd className="mt-0.5 pl-[1.625rem] text-sm font-medium break-words">{children}</dd>
    </div>
  )
}
