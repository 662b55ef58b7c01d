import type { ListingsView } from '@localseo/shared/listings'
import { Building2, MapPin, Phone } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'

const NOT_SPECIFIED = 'Not specified'

/** docs/product.md §2: the name, address and phone every listing should show; 'Not specified' where empty. */
export function NapCard({ profile }: { profile: ListingsView['profile'] }) {
  const rows = [
    { label: 'Name', value: profile.name, icon: Building2 },
    { label: 'Address', value: profile.address, icon: MapPin },
    { label: 'Phone', value: profile.phone, icon: Phone },
  ]
  return (
    <Card>
      <CardHeader>
        <CardTitle>NAP Consistency</CardTitle>
        <CardDescription>
          Your name, address and phone as every platform should show them, for {profile.label}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-3">
          {rows.map(({ label, value, icon: Icon }) => (
            <div key={label} className="flex min-w-0 gap-3">
              <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <div className="min-w-0">
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="text-sm font-medium break-words">{value || NOT_SPECIFIED}</dd>
              </div>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  )
}
