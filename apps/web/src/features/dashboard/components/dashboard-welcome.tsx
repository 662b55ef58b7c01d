import { ArrowRight, MapPinned } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClassName } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { paths } from '@/config/paths'

/** docs/product.md §2: with no business name, a welcome message and a Go to Settings button. */
export function DashboardWelcome() {
  return (
    <section className="mx-auto max-w-xl py-8 md:py-16">
      <Card>
        <CardContent className="flex flex-col items-center gap-4 py-10 text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <MapPinned aria-hidden="true" className="size-7" />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">Welcome to LocalSEO AI</h1>
          <p className="max-w-sm text-sm text-muted-foreground">
            Add your business information to get a local SEO score, keyword insights and
            personalized recommendations.
          </p>
          <Link to={paths.settings} className={buttonClassName({ className: 'mt-2' })}>
            Go to Settings
            <ArrowRight aria-hidden="true" />
          </Link>
        </CardContent>
      </Card>
    </section>
  )
}
