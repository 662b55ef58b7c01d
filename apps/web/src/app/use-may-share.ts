// Who makes and turns off share links (issue 35 item 5): owners and managers, from the role the
// signed-in layout gives every screen (lib/member-role.ts). Not offered while the role loads: a
// viewer would otherwise see buttons the server refuses.
import { useMemberRoleHere } from '@/lib/member-role'

export function useMayShare(): boolean {
  const role = useMemberRoleHere()
  return role === 'owner' || role === 'manager'
}
