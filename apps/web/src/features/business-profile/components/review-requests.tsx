// 'Get more reviews' (issue 33 item 4): the place's Google review link to copy, its QR code on a
// printable card, and one email and one SMS to send. The same request for every customer, and the
// screen says why (ADR 034 "Review requests": review gating is against Google's policy and the FTC's
// rule).
import type { ReviewRequest } from '@localseo/shared/review-requests'
import { Copy, Scale } from 'lucide-react'
import { useId } from 'react'
import { ErrorAlert } from '@/components/error-alert'
import { SampleBadge } from '@/components/figure-source'
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { showErrorToast, showToast } from '@/lib/toast'
import { useReviewRequest } from '../api/reviews'
import { QrCard } from './qr-card'
import { NotLinked } from './reviews-source'

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text)
    showToast(`${what} copied.`)
  } catch {
    showErrorToast(`Could not copy the ${what.toLowerCase()}: select it and copy it instead.`)
  }
}

/** A text to copy: read-only, labelled, with its Copy button. */
function CopyField({
  label,
  value,
  rows,
  what,
}: {
  label: string
  value: string
  rows?: number
  what: string
}) {
  const id = useId()
  const field = 'w-full rounded-md border border-input bg-muted/40 px-3 py-2 text-sm'
  return (
    <div className="grid gap-1.5">
      <div className="flex items-end justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        <Button variant="outline" size="sm" onClick={() => void copy(value, what)}>
          <Copy aria-hidden="true" />
          Copy<span className="sr-only"> {what.toLowerCase()}</span>
        </Button>
      </div>
      {rows ? (
        <textarea id={id} readOnly rows={rows} value={value} className={`${field} resize-y`} />
      ) : (
        <Input id={id} readOnly value={value} className="bg-muted/40" />
      )}
    </div>
  )
}

function NoGatingNote() {
  return (
    <Alert variant="info">
      <Scale aria-hidden="true" className="size-4" />
      <div>
        <AlertTitle>Ask every customer the same way</AlertTitle>
        <AlertDescription>
          Send this same request to every customer, happy or not. Don&apos;t ask &ldquo;were you
          happy?&rdquo; first and send only happy customers to Google while the others go somewhere
          else: that is called review gating, and Google&apos;s review policy and the US FTC rule on
          consumer reviews forbid it. Don&apos;t offer a reward for a review either.
        </AlertDescription>
      </div>
    </Alert>
  )
}

function Request({ request }: { request: ReviewRequest }) {
  if (!request.link) return <NotLinked label={request.name} what="its review link" />
  if (!request.reviewUrl || !request.texts) {
    return (
      <Alert variant="info" role="status">
        <AlertDescription>
          Google has no place id for {request.link.title} yet, so it has no review link. Google
          gives one once the profile is verified and shows on Google Maps; then link it again in
          Settings.
        </AlertDescription>
      </Alert>
    )
  }
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
      <div className="grid content-start gap-6">
        <Card>
          <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
            <div className="grid gap-1">
              <CardTitle className="text-base">Your review link</CardTitle>
              <CardDescription>
                It opens Google&apos;s review form for {request.link.title}.
              </CardDescription>
            </div>
            {request.sample ? <SampleBadge /> : null}
          </CardHeader>
          <CardContent className="grid gap-3">
            {request.sample ? (
              <p className="text-sm text-muted-foreground">
                A sample link: this server has no Google sign-in yet, so the place id is made up.
              </p>
            ) : null}
            <CopyField label="Review link" value={request.reviewUrl} what="Link" />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Ask by email or text message</CardTitle>
            <CardDescription>
              Send it after a visit or a job, while it is fresh. Change the words if you like.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <CopyField label="Email subject" value={request.texts.email.subject} what="Subject" />
            <CopyField label="Email" value={request.texts.email.body} rows={9} what="Email" />
            <CopyField
              label="Text message (SMS)"
              value={request.texts.sms}
              rows={3}
              what="Text message"
            />
          </CardContent>
        </Card>
        <NoGatingNote />
      </div>
      <Card className="content-start">
        <CardHeader>
          <CardTitle className="text-base">QR code</CardTitle>
          <CardDescription>For the counter, receipts or a window sticker.</CardDescription>
        </CardHeader>
        <CardContent>
          <QrCard name={request.name} url={request.reviewUrl} sample={request.sample} />
        </CardContent>
      </Card>
    </div>
  )
}

export function ReviewRequests({ businessId, location }: { businessId: string; location: string }) {
  const request = useReviewRequest(businessId, location)
  if (request.isPending) {
    return (
      <Card>
        <CardContent className="flex items-center gap-3 py-10 text-sm text-muted-foreground">
          <Spinner /> Loading your review link…
        </CardContent>
      </Card>
    )
  }
  if (request.isError)
    return <ErrorAlert>Could not load your review link. Please try again.</ErrorAlert>
  return <Request request={request.data} />
}
