import {
  CALL_TO_ACTION_LABELS,
  type PostContentInput,
} from '@localseo/shared/business-profile-posts'
import { Image as ImageIcon, Tag } from 'lucide-react'

/** '20 Jan, 9:00 AM': an event's wall-clock time as the owner typed it. */
function when(local: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return ''
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(`${local}:00Z`))
}

/** 'www.sunrisedental.com', or the address as typed while it is not one yet. */
function photoHost(address: string): string {
  try {
    return new URL(address).host || address
  } catch {
    return address
  }
}

/**
 * The post roughly as Google shows it on the profile (issue 33 item 6): the business's name, the
 * photo, an event's or offer's title and dates, the text, the coupon and the button. A sketch to
 * check the words, not Google's exact layout.
 */
export function PostPreview({ title, content }: { title: string; content: PostContentInput }) {
  const event = content.event
  const dates = event ? [when(event.start), when(event.end)].filter(Boolean).join(' – ') : ''
  const cta = content.callToAction
  return (
    <figure
      aria-label="Preview of the post on Google"
      className="overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm"
    >
      <figcaption className="flex items-center gap-3 px-4 pt-4">
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
        >
          {title.slice(0, 1).toUpperCase() || '?'}
        </span>
        <span className="min-w-0">
          <span className="block truncate text-sm font-medium">{title}</span>
          <span className="block text-xs text-muted-foreground">Just now</span>
        </span>
      </figcaption>
      {content.imageUrl ? (
        // Where the photo will be, not the photo: the app loads images from its own origin only
        // (the CSP, docs/house-rules.md "Security headers"), and Google copies it when publishing.
        <div className="mt-3 flex aspect-[4/3] w-full flex-col items-center justify-center gap-1 bg-muted px-4 text-center text-xs text-muted-foreground">
          <ImageIcon aria-hidden="true" className="size-6" />
          <span className="break-all">Photo from {photoHost(content.imageUrl)}</span>
        </div>
      ) : null}
      <div className="space-y-2 px-4 py-3 text-sm">
        {content.topicType !== 'STANDARD' && event?.title ? (
          <p className="text-base font-semibold break-words">{event.title}</p>
        ) : null}
        {dates ? <p className="text-xs text-muted-foreground">{dates}</p> : null}
        {content.summary ? (
          <p className="whitespace-pre-line break-words">{content.summary}</p>
        ) : (
          <p className="text-muted-foreground italic">Your text appears here.</p>
        )}
        {content.topicType === 'OFFER' && content.offer?.couponCode ? (
          <p className="flex items-center gap-2 rounded-md border border-dashed px-3 py-2">
            <Tag aria-hidden="true" className="size-4 shrink-0" />
            <span>
              Show this code at the store: <strong>{content.offer.couponCode}</strong>
            </span>
          </p>
        ) : null}
        {content.topicType === 'OFFER' && content.offer?.termsConditions ? (
          <p className="text-xs text-muted-foreground break-words">
            Terms: {content.offer.termsConditions}
          </p>
        ) : null}
      </div>
      {content.topicType === 'OFFER' && content.offer?.redeemOnlineUrl ? (
        <p className="border-t px-4 py-3 text-sm font-medium text-primary">Redeem online</p>
      ) : cta && content.topicType !== 'OFFER' ? (
        <p className="border-t px-4 py-3 text-sm font-medium text-primary">
          {CALL_TO_ACTION_LABELS[cta.actionType]}
        </p>
      ) : null}
    </figure>
  )
}
