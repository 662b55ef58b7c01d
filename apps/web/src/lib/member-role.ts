// The signed-in person's role in the business on screen (issue 35 item 1, ADR 043), given by the
// signed-in layout (app/layout/app-shell.tsx) from the memberships it reads anyway. Screens hide
// what a viewer cannot do; the viewer's note above every screen says why, and the server refuses
// such a write regardless.
import type { MemberRole } from '@localseo/shared/member-roles'
import { createContext, useContext } from 'react'

/** Undefined while the memberships load, and outside the signed-in layout. */
export const MemberRoleContext = createContext<MemberRole | undefined>(undefined)

export function useMemberRoleHere(): MemberRole | undefined {
  return useContext(MemberRoleContext)
}

/**
 * Whether to offer changes to the business: to everyone but a viewer. While the role loads they
 * are offered (most people are owners), and the server answers a viewer 403 anyway.
 */
export function useMayChange(): boolean {
  return useContext(MemberRoleContext) !== 'viewer'
}
