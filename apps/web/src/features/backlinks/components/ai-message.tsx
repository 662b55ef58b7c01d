import { Info } from 'lucide-react'
import { Link } from 'react-router'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { buttonClassName } from '@/components/ui/button'
import { paths } from '@/config/paths'

/** One of the docs/product.md §2 messages, with the way out: Settings, unless the fix is elsewhere. */
export function AiMessage({ text, settingsLink }: { text: string; settingsLink: boolean }) {
  return (
    <Alert variant="info" role="status">
      <Info aria-hidden="true" />
      <div className="grid gap-3">
        <AlertDescription>{text}</AlertDescription>
        {settingsLink ? (
          <Link
            to={paths.settings}
            className={buttonClassName({ variant: 'outline', size: 'sm', className: 'w-fit' })}
          >
            Go to Settings
          </Link>
        ) : null}
      </div>
    </Alert>
  )
}
