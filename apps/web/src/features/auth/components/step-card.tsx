import type { ReactNode } from 'react'
import { ErrorAlert } from '@/components/error-alert'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { useFocusOnMount } from '../utils/use-focus-on-mount'

/** One step of a sign-in flow: its title takes focus, and an error is announced above the form. */
export function StepCard({
  title,
  description,
  error,
  errorId,
  children,
}: {
  title: string
  description: ReactNode
  error?: string | null
  errorId?: string
  children: ReactNode
}) {
  const titleRef = useFocusOnMount<HTMLHeadingElement>()
  return (
    <Card className="w-full">
      <CardHeader>
        <CardTitle ref={titleRef} tabIndex={-1} className="outline-none">
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <ErrorAlert id={errorId}>{error}</ErrorAlert>
        {children}
      </CardContent>
    </Card>
  )
}

/** A quiet text button for 'Back to Log In' and similar ways out of a step. */
export function TextButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="cursor-pointer rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      {children}
    </button>
  )
}
