import { Building2, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClassName } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { paths } from '@/config/paths'

/** docs/product.md §1: every feature screen needs a business name. */
export const BUSINESS_REQUIRED_MESSAGE =
  'Please add your business information in Settings first to use this feature.'

/** A card that sends the owner to Settings for something the screen needs. */
export function SettingsRequired({ icon: Icon, message }: { icon: LucideIcon; message: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 py-12 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <p role="status" className="max-w-md text-sm text-muted-foreground">
          {message}
        </p>
        <Link to={paths.settings} className={buttonClassName({ variant: 'outline' })}>
          Go to Settings
        </Link>
      </CardContent>
    </Card>
  )
}

export function BusinessRequired() {
  return <SettingsRequired icon={Building2} message={BUSINESS_REQUIRED_MESSAGE} />
}
