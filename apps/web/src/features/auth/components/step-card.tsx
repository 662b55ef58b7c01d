import { CircleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { Alert, AlertDescription } from '@/components/ui/alert'
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
        <StepError error={error} id={errorId} />
        {children}
      </CardContent>
    </Card>
  )
}

/** The error of a sign-in form, announced as it appears; nothing when there is none. */
export function StepError({ error, id }: { error?: string | null; id?: string }) {
  if (!error) return null
  return (
    <Alert variant="destructive" role="alert" id={id}>
      <CircleAlert aria-hidden="true" />
      <AlertDescription>{error}</AlertDescription>
    </Alert>
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
