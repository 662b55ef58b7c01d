import {
  MEMBER_ROLES,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  type MemberRole,
} from '@localseo/shared/member-roles'
import type { MemberView } from '@localseo/shared/members'
import { useState, type FormEvent } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { ErrorAlert } from '@/components/error-alert'
import { FormMessage } from '@/components/form-message'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api-error'
import { chooseBusiness } from '@/lib/current-business'
import { formatDate } from '@/lib/dates'
import { usePendingChoice } from '@/lib/pending-choice'
import { showErrorToast } from '@/lib/toast'
import {
  leaveBusiness,
  useChangeRole,
  useInvite,
  useRemoveMember,
  useRevokeInvitation,
  useSetAlertEmails,
  useTeam,
} from '../api/team'

/** The server's words: a field's own message where it named one ('Enter an email address.'). */
const errorMessage = (error: unknown) =>
  error instanceof ApiError && error.issues[0]
    ? error.issues[0].message
    : error instanceof Error
      ? error.message
      : 'Something went wrong. Please try again.'

/**
 * Settings → Team (issue 35 item 1): who can see and work on the business and with which role. An
 * owner invites by email, changes roles, removes people and withdraws invitations; anyone can leave.
 * What a role cannot do is not offered; the server refuses it anyway (ADR 043).
 */
export function TeamCard({ businessId, timeZone }: { businessId: string; timeZone: string }) {
  const team = useTeam(businessId)
  const you = team.data?.members.find((member) => member.you)
  const isOwner = you?.role === 'owner'
  return (
    <Card>
      <CardHeader>
        <CardTitle>Team</CardTitle>
        <CardDescription>
          People who can see and work on this business. Owners manage the team, provider keys and
          the Google connection; managers do everything else; viewers look and download exports.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6">
        {team.isPending ? <Spinner label="Loading the team…" /> : null}
        <ErrorAlert>{team.isError ? 'Could not load the team.' : null}</ErrorAlert>
        {team.data ? (
          <>
            <ul className="min-w-0 divide-y rounded-md border" aria-label="Members">
              {team.data.members.map((member) => (
                <MemberRow
                  key={member.userId}
                  member={member}
                  businessId={businessId}
                  canManage={isOwner}
                />
              ))}
            </ul>
            {team.data.invitations.length > 0 ? (
              <div className="grid min-w-0 gap-2">
                <h3 className="text-sm font-medium">Invitations not accepted yet</h3>
                <ul className="min-w-0 divide-y rounded-md border" aria-label="Invitations">
                  {team.data.invitations.map((invitation) => (
                    <InvitationRow
                      key={invitation.id}
                      businessId={businessId}
                      canManage={isOwner}
                      id={invitation.id}
                      email={invitation.email}
                      role={invitation.role}
                      expires={formatDate(invitation.expiresAt, timeZone)}
                    />
                  ))}
                </ul>
              </div>
            ) : null}
            {isOwner ? (
              <InviteForm businessId={businessId} />
            ) : (
              <p className="text-sm text-muted-foreground">
                Only an owner can invite people or change roles. You are a{' '}
                {you ? ROLE_LABELS[you.role].toLowerCase() : 'member'}.
              </p>
            )}
          </>
        ) : null}
      </CardContent>
    </Card>
  )
}

/** Removing a member (an owner) or leaving (oneself), behind a confirm step. */
function useRemoval(member: MemberView, businessId: string) {
  const remove = useRemoveMember(businessId)
  const [confirming, setConfirming] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  async function confirm() {
    setFailure(null)
    try {
      if (member.you) {
        await leaveBusiness()
        // Their next business, or the first-run screen: the app starts again without this one.
        chooseBusiness(null)
        window.location.assign(paths.dashboard)
        return
      }
      await remove.mutateAsync(member.userId)
      setConfirming(false)
    } catch (error) {
      setFailure(errorMessage(error))
    }
  }
  return {
    confirming,
    failure,
    busy: remove.isPending,
    open: () => setConfirming(true),
    confirm: () => void confirm(),
    close: () => {
      setConfirming(false)
      setFailure(null)
    },
  }
}

function MemberRow({
  member,
  businessId,
  canManage,
}: {
  member: MemberView
  businessId: string
  canManage: boolean
}) {
  const changeRole = useChangeRole(businessId)
  const removal = useRemoval(member, businessId)
  const label = member.name || member.email
  const leaving = member.you

  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center">
      <div className="w-full min-w-0 sm:w-auto sm:flex-1">
        <p className="truncate text-sm font-medium">
          {label}
          {member.you ? <span className="text-muted-foreground"> (you)</span> : null}
        </p>
        {member.name ? (
          <p className="truncate text-xs text-muted-foreground">{member.email}</p>
        ) : null}
        {member.you ? (
          <AlertEmailsBox businessId={businessId} on={member.alertEmails} />
        ) : member.alertEmails ? (
          <p className="text-xs text-muted-foreground">Gets the alert emails</p>
        ) : null}
      </div>
      <div className="flex items-center gap-2">
        {canManage ? (
          <Select
            aria-label={`Role of ${label}`}
            className="w-32"
            value={member.role}
            disabled={changeRole.isPending}
            onChange={(event) =>
              changeRole.mutate(
                { userId: member.userId, role: event.target.value as MemberRole },
                { onError: (error) => showErrorToast(errorMessage(error)) },
              )
            }
          >
            {MEMBER_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </Select>
        ) : (
          <span className="w-32 text-sm text-muted-foreground">{ROLE_LABELS[member.role]}</span>
        )}
        {canManage || leaving ? (
          <Button variant="outline" size="sm" className="w-20" onClick={removal.open}>
            {leaving ? 'Leave' : 'Remove'}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={removal.confirming}
        busy={removal.busy}
        title={leaving ? 'Leave this business?' : `Remove ${label}?`}
        description={
          leaving
            ? 'You will no longer see or change this business. An owner can invite you again.'
            : `${label} will no longer see or change this business, from their next click on.`
        }
        error={removal.failure}
        confirmLabel={leaving ? 'Leave' : 'Remove'}
        busyLabel={leaving ? 'Leaving…' : 'Removing…'}
        onConfirm={removal.confirm}
        onClose={removal.close}
      />
    </li>
  )
}

/** The member's own choice: the business's alert emails, or none (their stop link turns it off). */
function AlertEmailsBox({ businessId, on }: { businessId: string; on: boolean }) {
  const setAlertEmails = useSetAlertEmails(businessId)
  const { pending, show, settled } = usePendingChoice<boolean>()
  return (
    <label className="mt-1 flex items-center gap-2 text-xs">
      <input
        type="checkbox"
        className="size-4 accent-primary"
        checked={pending?.value ?? on}
        onChange={(event) => {
          show(event.target.checked)
          setAlertEmails.mutate(event.target.checked, {
            onError: (error) => showErrorToast(errorMessage(error)),
            onSettled: settled,
          })
        }}
      />
      Email me this business&apos;s alerts
    </label>
  )
}

function InvitationRow({
  businessId,
  canManage,
  id,
  email,
  role,
  expires,
}: {
  businessId: string
  canManage: boolean
  id: string
  email: string
  role: MemberRole
  expires: string
}) {
  const revoke = useRevokeInvitation(businessId)
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center">
      <div className="w-full min-w-0 sm:w-auto sm:flex-1">
        <p className="truncate text-sm font-medium">{email}</p>
        <p className="text-xs text-muted-foreground">
          {ROLE_LABELS[role]} · the link works until {expires}
        </p>
      </div>
      {canManage ? (
        <Button
          variant="outline"
          size="sm"
          disabled={revoke.isPending}
          onClick={() =>
            revoke.mutate(id, { onError: (error) => showErrorToast(errorMessage(error)) })
          }
        >
          {revoke.isPending ? 'Withdrawing…' : 'Withdraw'}
        </Button>
      ) : null}
    </li>
  )
}

function InviteForm({ businessId }: { businessId: string }) {
  const invite = useInvite(businessId)
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<MemberRole>('manager')
  const [sentTo, setSentTo] = useState<string | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setSentTo(null)
    try {
      await invite.mutateAsync({ email, role })
      setSentTo(email.trim())
      setEmail('')
    } catch {
      // Shown below from the mutation's error.
    }
  }

  return (
    <form
      noValidate
      aria-label="Invite someone"
      onSubmit={(event) => void submit(event)}
      className="grid gap-4 rounded-md border bg-muted/30 p-4"
    >
      <h3 className="text-sm font-medium">Invite someone</h3>
      <div className="grid gap-4 sm:grid-cols-[1fr_11rem]">
        <FormField label="Email address" required>
          <Input
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </FormField>
        <FormField label="Role" hint={ROLE_DESCRIPTIONS[role]}>
          <Select value={role} onChange={(event) => setRole(event.target.value as MemberRole)}>
            {MEMBER_ROLES.map((option) => (
              <option key={option} value={option}>
                {ROLE_LABELS[option]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <ErrorAlert>{invite.isError ? errorMessage(invite.error) : null}</ErrorAlert>
      {sentTo ? (
        <FormMessage tone="success">
          {`Invitation sent to ${sentTo}. The link in it works for 7 days.`}
        </FormMessage>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={invite.isPending || email.trim() === ''}>
          {invite.isPending ? 'Sending…' : 'Send invitation'}
        </Button>
      </div>
    </form>
  )
}
