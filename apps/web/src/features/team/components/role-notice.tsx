import type { Business } from '@localseo/shared/business'
import type { MemberRole } from '@localseo/shared/member-roles'
import { Eye } from 'lucide-react'

/**
 * Above every screen for a viewer (issue 35 item 1): what their role allows, so a button that the
 * server refuses is no surprise. Managers and owners see nothing.
 */
export function RoleNotice({ business, role }: { business: Business; role?: MemberRole }) {
  if (role !== 'viewer') return null
  return (
    <p
      role="note"
      className="mb-6 flex items-start gap-2 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900"
    >
      <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        You are a viewer of {business.name}: you can look at everything and download exports.
        Changes are for its owners and managers; ask an owner if you need to make them.
      </span>
    </p>
  )
}
