import { Building2 } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClassName } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { paths } from '@/config/paths'

/** SPEC §1: every feature screen needs a business name. */
export const BUSINESS_REQUIRED_MESSAGE =
  'Please add your business information in Settings first to use this feature.'

export function BusinessRequired() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 py-12 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Building2 aria-hidden="true" className="size-6" />
        </span>
        <p role="status" className="max-w-md text-sm text-muted-foreground">
          {BUSINESS_REQUIRED_MESSAGE}
        </p>
        <Link to={paths.settings} className={buttonClassName({ variant: 'outline' })}>
          Go to Settings
        </Link>
      </CardContent>
    </Card>
  )
}
