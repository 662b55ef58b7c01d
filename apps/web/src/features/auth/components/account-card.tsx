import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { useAuth } from '@/lib/auth'
import { useAccount } from '../api/get-account'
import { EmailForm, NameForm, PasswordForm } from './account-forms'

/** Settings → Account: the name shown in the header, the login email and the password. */
export function AccountCard() {
  const { user } = useAuth()
  const account = useAccount()
  const email = account.data?.email || user?.email || ''
  // An email change waits for its link; the server keeps the old address until then.
  const pendingEmail = account.data?.new_email || null
  return (
    <Card role="region" aria-labelledby="account-card-title">
      <CardHeader>
        <CardTitle id="account-card-title">Account</CardTitle>
        <CardDescription>
          Your name, the email address you log in with, and your password.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <NameForm currentName={user?.name ?? ''} />
        <EmailForm email={email} pendingEmail={pendingEmail} />
        <PasswordForm email={email} />
      </CardContent>
    </Card>
  )
}
