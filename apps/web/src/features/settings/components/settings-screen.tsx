import { hasBusinessName, type Business } from '@localseo/shared/business'
import { Info } from 'lucide-react'
import { PageHeader } from '@/components/page-header'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { useAuth } from '@/lib/auth'

/** SPEC §2 Settings: the user profile card; the business forms arrive with their own issue. */
export function SettingsScreen({ business }: { business: Business }) {
  const { user } = useAuth()
  const name = user?.name || user?.email || ''

  return (
    <section>
      <PageHeader title="Settings" />
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>User profile</CardTitle>
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
        <Alert variant="info">
          <Info aria-hidden="true" />
          <AlertDescription>
            {hasBusinessName(business)
              ? `Business details for ${business.name} are used by every screen. Editing them here is coming next.`
              : 'Your business name, category, address and phone number will be entered here. Every LocalSEO AI screen uses them.'}
          </AlertDescription>
        </Alert>
      </div>
    </section>
  )
}
