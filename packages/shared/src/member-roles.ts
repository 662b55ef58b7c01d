// The roles of a business's members and what each may do (issue 35 item 1,
// docs/decisions/043-members-and-roles.md). Without zod: the web's first screen reads the header name.
export const MEMBER_ROLES = ['owner', 'manager', 'viewer'] as const
export type MemberRole = (typeof MEMBER_ROLES)[number]

/** The header that names the business a request is about (one of the signed-in person's own). */
export const BUSINESS_HEADER = 'X-Business-Id'

export const ROLE_LABELS: Record<MemberRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  viewer: 'Viewer',
}

/** What each role may do, as Settings → Team explains it. */
export const ROLE_DESCRIPTIONS: Record<MemberRole, string> = {
  owner: 'Can do everything, including managing the team, provider keys and deleting the business.',
  manager: 'Can do everything except managing the team, provider keys and deleting the business.',
  viewer: 'Can see every screen and download exports, but change nothing.',
}

const rank: Record<MemberRole, number> = { viewer: 0, manager: 1, owner: 2 }

/** Whether `role` may do what `needed` may. */
export function roleAllows(role: MemberRole, needed: MemberRole): boolean {
  return rank[role] >= rank[needed]
}

/** What a person is told when their role cannot do something. */
export function roleRefusal(role: MemberRole, needed: MemberRole): string {
  return needed === 'owner'
    ? `Only an owner of this business can do this. You are a ${ROLE_LABELS[role].toLowerCase()}.`
    : 'You can look at everything here but not change it: you are a viewer. Ask an owner for manager access.'
}
