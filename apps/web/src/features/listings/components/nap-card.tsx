import type { ListingsView } from '@localseo/shared/listings'
import { Building2, MapPin, Phone } from 'lucide-react'
import { IconDetail } from '@/components/icon-detail'
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
            <IconDetail key={label} icon={<Icon aria-hidden="true" />} label={label}>
              {value || NOT_SPECIFIED}
            </IconDetail>
          ))}
        </dl>
      </CardContent>
    </Card>
  )
}
