import { ChartLine, Lightbulb, Search, Store } from 'lucide-react'
import { useState } from 'react'
import { BrandMark } from '@/components/brand-mark'
import { AuthCard } from '@/features/auth/components/auth-card'
import { pendingInvitation } from '@/lib/pending-invitation'

// docs/product.md §1: the four benefits the landing page lists.
const benefits = [
  {
    icon: Search,
    title: 'Analyze local keyword performance',
    text: 'See how the searches that matter in your area perform and where you rank.',
  },
  {
    icon: Store,
    title: 'Monitor listings across platforms',
    text: 'Keep your name, address and phone number consistent everywhere customers look.',
  },
  {
    icon: Lightbulb,
    title: 'Get personalized SEO recommendations',
    text: 'Clear, prioritised tasks written for your business and your locations.',
  },
  {
    icon: ChartLine,
    title: 'Track progress over time',
    text: 'Watch rankings, backlinks and completed tasks add up week after week.',
  },
] as const

/** The landing page: the product pitch beside the Log In / Sign Up card. */
export function LandingRoute() {
  // An invitation link opened while signed out waits here (app/guards.tsx).
  const [invited] = useState(() => pendingInvitation() !== null)
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-accent/60 via-background to-background">
      <header className="mx-auto flex w-full max-w-6xl items-center gap-2 px-4 py-5 md:px-8">
        <BrandMark />
      </header>

      {/* On phones the card follows the headline, so logging in needs no scrolling past the pitch. */}
      <main className="mx-auto grid w-full max-w-6xl flex-1 content-center gap-8 px-4 pt-4 pb-12 md:px-8 lg:grid-cols-[1fr_26rem] lg:gap-x-16">
        <section aria-labelledby="pitch-title" className="flex flex-col gap-4 lg:col-start-1">
          <h1
            id="pitch-title"
            className="text-3xl font-semibold tracking-tight text-balance md:text-5xl"
          >
            Get found by more customers near you
          </h1>
          <p className="max-w-xl text-base text-muted-foreground md:text-lg">
            LocalSEO AI helps small businesses with one or more locations climb local search
            results, with AI-assisted advice you can act on today.
          </p>
        </section>

        <div className="w-full max-w-md justify-self-center lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:max-w-none lg:self-center">
          {invited ? (
            <p role="note" className="mb-4 rounded-md border bg-card px-3 py-2 text-sm">
              You have an invitation to join a business. Log in or sign up with the email address it
              was sent to, and it opens.
            </p>
          ) : null}
          <AuthCard />
        </div>

        <section aria-label="What you get" className="lg:col-start-1">
          <ul className="grid gap-4 sm:grid-cols-2">
            {benefits.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3 rounded-lg border bg-card/70 p-4">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div>
                  <p className="text-sm font-medium">{title}</p>
                  <p className="mt-1 text-sm text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      </main>

      <footer className="border-t py-6 text-center text-sm text-muted-foreground">
        © 2025 LocalSEO AI. All rights reserved.
      </footer>
    </div>
  )
}
