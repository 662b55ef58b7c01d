import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { useAuth } from '@/lib/auth'

/** docs/product.md §2 Settings: the initial letter of the name, the name and the email. */
export function ProfileCard() {
  const { user } = useAuth()
  const name = user?.name || user?.email || ''
  return (
    <Card>
      <CardHeader>
        <CardTitle>User Profile</CardTitle>
      </CardHeader>
      <CardContent className="flex items-center gap-4">
        <span
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-semibold text-primary-foreground"
        >
          {name.charAt(0).toUpperCase()}
        </span>
        <div className="min-w-0">
          <p className="truncate font-medium">{user?.name || 'No name set'}</p>
          <p className="truncate text-sm text-muted-foreground">{user?.email}</p>
        </div>
      </CardContent>
    </Card>
  )
}
