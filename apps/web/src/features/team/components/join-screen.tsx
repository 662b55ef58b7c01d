import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '@localseo/shared/member-roles'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ErrorAlert } from '@/components/error-alert'
import { PageHeader } from '@/components/page-header'
import { Button, buttonClassName } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { useAuth, useAuthStore } from '@/lib/auth'
import { keepPendingInvitation } from '@/lib/pending-invitation'
import { switchBusiness } from '@/lib/switch-business'
import { acceptInvitation, previewInvitation } from '../api/team'

/**
 * Where an invitation's link leads (issue 35 item 1): the business and the role it offers, for the
 * signed-in person to accept. Only the address it was sent to may; a used, withdrawn or expired
 * link says so. Accepting opens the business.
 */
export function JoinScreen() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const { user } = useAuth()
  const store = useAuthStore()
  const [accepting, setAccepting] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  // The link is handled here: it no longer waits for a sign-in.
  useEffect(() => keepPendingInvitation(null), [])
  const preview = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => previewInvitation(token),
    enabled: token !== '',
    retry: false,
  })

  async function accept() {
    setAccepting(true)
    setFailure(null)
    try {
      const businessId = await acceptInvitation(token)
      await switchBusiness(businessId, store.setBusiness)
    } catch (error) {
      setAccepting(false)
      setFailure(error instanceof Error ? error.message : 'Could not join. Please try again.')
    }
  }

  return (
    <section>
      <PageHeader title="Join a business" />
      <Card className="max-w-xl">
        {token === '' ? (
          <CardContent className="pt-6">
            <ErrorAlert>
              That invitation link is not complete. Open it again from the email.
            </ErrorAlert>
          </CardContent>
        ) : preview.isPending ? (
          <CardContent className="pt-6">
            <Spinner label="Reading the invitation…" />
          </CardContent>
        ) : preview.isError ? (
          <CardContent className="grid gap-4 pt-6">
            <ErrorAlert>{preview.error.message}</ErrorAlert>
            <Link to={paths.dashboard} className={buttonClassName({ variant: 'outline' })}>
              Go to my dashboard
            </Link>
          </CardContent>
        ) : (
          <>
            <CardHeader>
              <CardTitle>{preview.data.businessName || 'A business'}</CardTitle>
              <CardDescription>
                You are invited as a {ROLE_LABELS[preview.data.role].toLowerCase()}.{' '}
                {ROLE_DESCRIPTIONS[preview.data.role]}
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              {preview.data.forYou ? null : (
                <ErrorAlert>
                  This invitation was sent to another email address, not {user?.email}. Log out and
                  sign in with the address it was sent to.
                </ErrorAlert>
              )}
              <ErrorAlert>{failure}</ErrorAlert>
              <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
                <Link to={paths.dashboard} className={buttonClassName({ variant: 'outline' })}>
                  Not now
                </Link>
                <Button disabled={!preview.data.forYou || accepting} onClick={() => void accept()}>
                  {accepting ? 'Joining…' : `Join ${preview.data.businessName || 'the business'}`}
                </Button>
              </div>
            </CardContent>
          </>
        )}
      </Card>
    </section>
  )
}
