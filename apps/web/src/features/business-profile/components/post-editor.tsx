import {
  CALL_TO_ACTIONS,
  CALL_TO_ACTION_LABELS,
  POST_SUMMARY_MAX,
  POST_TYPES,
  POST_TYPE_LABELS,
  postInputSchema,
  type CallToActionType,
  type PostContentInput,
  type PostInputValue,
  type PostRepeat,
  type PostType,
  type PostUpdate,
  type ProfilePost,
} from '@localseo/shared/business-profile-posts'
import type { ProfileRefusal } from '@localseo/shared/business-profile'
import { useId, useState, type FormEvent } from 'react'
import { ErrorAlert } from '@/components/error-alert'
import { FormMessage } from '@/components/form-message'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { cn } from '@/lib/utils'
import { useCreatePosts, useUpdatePost } from '../api/posts'
import { PostPreview } from './post-preview'

/** A place the post can go to: ours, linked to its profile. */
export interface PostPlace {
  id: string
  label: string
  title: string
}

type When = 'now' | 'draft' | 'schedule'

interface Form {
  topicType: PostType
  summary: string
  ctaType: CallToActionType | ''
  ctaUrl: string
  eventTitle: string
  eventStart: string
  eventEnd: string
  couponCode: string
  redeemOnlineUrl: string
  termsConditions: string
  imageUrl: string
  locations: string[]
  when: When
  publishAt: string
  repeat: PostRepeat
  repeatUntil: string
}

function formOf(post: ProfilePost | null, places: PostPlace[]): Form {
  const c = post?.content
  return {
    topicType: c?.topicType ?? 'STANDARD',
    summary: c?.summary ?? '',
    ctaType: c?.callToAction?.actionType ?? '',
    ctaUrl: c?.callToAction?.url ?? '',
    eventTitle: c?.event?.title ?? '',
    eventStart: c?.event?.start ?? '',
    eventEnd: c?.event?.end ?? '',
    couponCode: c?.offer?.couponCode ?? '',
    redeemOnlineUrl: c?.offer?.redeemOnlineUrl ?? '',
    termsConditions: c?.offer?.termsConditions ?? '',
    imageUrl: c?.imageUrl ?? '',
    locations: post ? [post.location] : places.slice(0, 1).map((p) => p.id),
    when: post?.status === 'scheduled' ? 'schedule' : post ? 'draft' : 'now',
    publishAt: post?.publishAtLocal ?? '',
    repeat: post?.repeat ?? 'none',
    repeatUntil: post?.repeatUntil ?? '',
  }
}

/** The form as the API takes it: only what the chosen type uses. */
function contentOf(form: Form): PostContentInput {
  const dated = form.topicType !== 'STANDARD'
  return {
    topicType: form.topicType,
    summary: form.summary,
    callToAction:
      form.ctaType && form.topicType !== 'OFFER'
        ? { actionType: form.ctaType, url: form.ctaType === 'CALL' ? '' : form.ctaUrl }
        : null,
    event: dated ? { title: form.eventTitle, start: form.eventStart, end: form.eventEnd } : null,
    offer:
      form.topicType === 'OFFER'
        ? {
            couponCode: form.couponCode,
            redeemOnlineUrl: form.redeemOnlineUrl,
            termsConditions: form.termsConditions,
          }
        : null,
    imageUrl: form.imageUrl,
  }
}

function inputOf(form: Form): PostInputValue {
  return {
    locations: form.locations,
    content: contentOf(form),
    when: form.when,
    publishAt: form.when === 'schedule' ? form.publishAt || null : null,
    repeat: form.when === 'draft' ? 'none' : form.repeat,
    repeatUntil: form.when !== 'draft' && form.repeat !== 'none' ? form.repeatUntil || null : null,
  }
}

/** Each field's first problem, by its path in the API's body ('content.summary'). */
function problemsOf(form: Form): Record<string, string> {
  const parsed = postInputSchema.safeParse(inputOf(form))
  if (parsed.success) return {}
  const problems: Record<string, string> = {}
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.')
    problems[path] ??= issue.message
  }
  return problems
}

/** A post's change: its content and, unless it is on Google already, when it goes out. */
function updateOf(input: PostInputValue, sent: boolean): PostUpdate {
  const parsed = postInputSchema.parse(input)
  if (sent) return { content: parsed.content }
  const { content, when, publishAt, repeat, repeatUntil } = parsed
  return { content, when, publishAt, repeat, repeatUntil }
}

function submitLabel(when: When, editing: boolean): string {
  if (editing) return 'Save changes'
  return when === 'now' ? 'Publish' : when === 'schedule' ? 'Schedule' : 'Save draft'
}

const DONE: Record<When, string> = {
  now: 'Published.',
  draft: 'Saved as a draft.',
  schedule: 'Scheduled.',
}

/**
 * Write a post (issue 33 item 6): its type, text with Google's 1500-character limit, a button, an
 * event's or offer's details, a photo, the places it goes to and when; the preview beside it. With
 * `post`, changes that post (one already on Google keeps its type and its time).
 */
export function PostEditor({
  places,
  timeZone,
  post = null,
  onDone,
}: {
  places: PostPlace[]
  timeZone: string
  post?: ProfilePost | null
  onDone?: () => void
}) {
  const id = useId()
  const [form, setForm] = useState<Form>(() => formOf(post, places))
  const [tried, setTried] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const create = useCreatePosts()
  const update = useUpdatePost()
  const sent = post !== null && (post.status === 'live' || post.status === 'rejected')
  const problems = tried ? problemsOf(form) : {}
  const set = (patch: Partial<Form>) => {
    setDone(null)
    setForm((f) => ({ ...f, ...patch }))
  }
  const error = (path: string) => problems[path]
  const fields: FieldsProps = { form, set, error }
  const busy = create.isPending || update.isPending
  const failure = (post ? update.error : create.error)?.message

  function submit(event: FormEvent) {
    event.preventDefault()
    setTried(true)
    if (Object.keys(problemsOf(form)).length > 0) return
    const input = inputOf(form)
    if (post) {
      update.mutate({ id: post.id, update: updateOf(input, sent) }, { onSuccess: onDone })
      return
    }
    create.mutate(input, {
      onSuccess: (answer) => {
        const refused = answer.refusal
        setDone(refused ? null : DONE[form.when])
        setTried(false)
        if (!refused) setForm(formOf(null, places))
      },
    })
  }

  const title = places.find((p) => form.locations.includes(p.id))?.title ?? places[0]?.title ?? ''

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <form noValidate onSubmit={submit} className="grid min-w-0 gap-5" aria-label="Post">
        <TypeField form={form} set={set} name={`${id}-type`} locked={sent} />
        {form.topicType !== 'STANDARD' ? <EventFields {...fields} /> : null}
        <SummaryField {...fields} />
        <OfferOrButtonFields {...fields} />

        <ImageField {...fields} />

        {post ? null : <PlacesField {...fields} places={places} />}
        {sent ? null : <WhenFields {...fields} name={`${id}-when`} timeZone={timeZone} />}

        <Outcome
          invalid={tried && Object.keys(problems).length > 0}
          failure={failure}
          refusal={create.data?.refusal ?? null}
          done={done}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : submitLabel(form.when, post !== null)}
          </Button>
          {onDone ? (
            <Button type="button" variant="outline" onClick={onDone} disabled={busy}>
              Cancel
            </Button>
          ) : null}
        </div>
      </form>
      <div className="min-w-0 space-y-2 lg:sticky lg:top-4 lg:self-start">
        <p className="text-sm font-medium">Preview</p>
        <PostPreview title={title} content={contentOf(form)} />
      </div>
    </div>
  )
}

interface FieldsProps {
  form: Form
  set: (patch: Partial<Form>) => void
  error: (path: string) => string | undefined
}

/** The type of post: Update, Offer or Event (a post on Google keeps its type). */
function TypeField({
  form,
  set,
  name,
  locked,
}: Pick<FieldsProps, 'form' | 'set'> & { name: string; locked: boolean }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Type of post</legend>
      <div className="flex flex-wrap gap-2">
        {POST_TYPES.map((type) => (
          <label
            key={type}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm',
              form.topicType === type && 'border-primary bg-accent',
              locked && form.topicType !== type && 'cursor-not-allowed opacity-60',
            )}
          >
            <input
              type="radio"
              name={name}
              value={type}
              className="accent-primary"
              checked={form.topicType === type}
              disabled={locked && form.topicType !== type}
              onChange={() => set({ topicType: type })}
            />
            {POST_TYPE_LABELS[type]}
          </label>
        ))}
      </div>
    </fieldset>
  )
}

/** An event's or offer's title and dates: Google requires them for both. */
function EventFields(fields: FieldsProps) {
  const { form } = fields
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        {...fields}
        name="eventTitle"
        label={form.topicType === 'EVENT' ? 'Event title' : 'Offer title'}
        required
        path="content.event.title"
        className="sm:col-span-2"
        maxLength={58}
      />
      <TextField
        {...fields}
        name="eventStart"
        label="Starts"
        required
        path="content.event.start"
        type="datetime-local"
      />
      <TextField
        {...fields}
        name="eventEnd"
        label="Ends"
        required
        path="content.event.end"
        type="datetime-local"
      />
    </div>
  )
}

/** The text, with Google's 1500-character limit counted as it is typed. */
function SummaryField({ form, set, error }: FieldsProps) {
  const count = form.summary.length
  const tooLong = count > POST_SUMMARY_MAX
  return (
    <FormField
      label="Text"
      required={form.topicType === 'STANDARD'}
      error={error('content.summary')}
      hint={
        <span className={cn(tooLong && 'font-medium text-destructive')}>
          {count} of {POST_SUMMARY_MAX} characters
        </span>
      }
    >
      <textarea
        rows={6}
        value={form.summary}
        onChange={(e) => set({ summary: e.target.value })}
        className="w-full resize-y rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none aria-invalid:border-destructive md:text-sm"
      />
    </FormField>
  )
}

/** An offer's coupon, link and terms; any other post's button and the page it opens. */
function OfferOrButtonFields(fields: FieldsProps) {
  const { form, set, error } = fields
  return form.topicType === 'OFFER' ? (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        {...fields}
        name="couponCode"
        label="Coupon code"
        path="content.offer.couponCode"
        maxLength={58}
      />
      <TextField
        {...fields}
        name="redeemOnlineUrl"
        label="Link to redeem online"
        path="content.offer.redeemOnlineUrl"
        type="url"
      />
      <TextField
        {...fields}
        name="termsConditions"
        label="Terms and conditions"
        path="content.offer.termsConditions"
        className="sm:col-span-2"
      />
    </div>
  ) : (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="Button" error={error('content.callToAction')}>
        <Select
          value={form.ctaType}
          onChange={(e) => set({ ctaType: e.target.value as CallToActionType | '' })}
        >
          <option value="">No button</option>
          {CALL_TO_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {CALL_TO_ACTION_LABELS[action]}
            </option>
          ))}
        </Select>
      </FormField>
      {form.ctaType && form.ctaType !== 'CALL' ? (
        <TextField
          {...fields}
          name="ctaUrl"
          label="Button opens"
          required
          path="content.callToAction.url"
          type="url"
        />
      ) : form.ctaType === 'CALL' ? (
        <p className="self-end pb-2 text-sm text-muted-foreground">
          Call now dials the phone number on your profile.
        </p>
      ) : null}
    </div>
  )
}

/** The linked places the post goes to: a post each. */
function PlacesField({ form, set, error, places }: FieldsProps & { places: PostPlace[] }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Post to</legend>
      {places.map((place) => (
        <label key={place.id} className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            checked={form.locations.includes(place.id)}
            onChange={(e) =>
              set({
                locations: e.target.checked
                  ? [...form.locations, place.id]
                  : form.locations.filter((l) => l !== place.id),
              })
            }
          />
          <span>
            {place.label}
            <span className="block text-xs text-muted-foreground">{place.title}</span>
          </span>
        </label>
      ))}
      {error('locations') ? (
        <p className="text-xs font-medium text-destructive">{error('locations')}</p>
      ) : null}
    </fieldset>
  )
}

/** Now, as a draft, or at a time of the business's time zone; repeated or not. */
function WhenFields({
  name,
  timeZone,
  ...fields
}: FieldsProps & { name: string; timeZone: string }) {
  const { form, set, error } = fields
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium">When</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {(
          [
            ['now', 'Publish now'],
            ['schedule', 'Schedule'],
            ['draft', 'Save as draft'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              className="accent-primary"
              checked={form.when === value}
              onChange={() => set({ when: value })}
            />
            {label}
          </label>
        ))}
      </div>
      {form.when === 'schedule' ? (
        <TextField
          {...fields}
          name="publishAt"
          label="Goes out at"
          required
          path="publishAt"
          hint={`Your business's time (${timeZone}).`}
          type="datetime-local"
        />
      ) : null}
      {form.when !== 'draft' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Repeat" error={error('repeat')}>
            <Select
              value={form.repeat}
              onChange={(e) => set({ repeat: e.target.value as PostRepeat })}
            >
              <option value="none">Don't repeat</option>
              <option value="weekly">Every week</option>
              <option value="monthly">Every month</option>
            </Select>
          </FormField>
          {form.repeat !== 'none' ? (
            <TextField
              {...fields}
              name="repeatUntil"
              label="Last day (optional)"
              path="repeatUntil"
              type="date"
            />
          ) : null}
        </div>
      ) : null}
    </fieldset>
  )
}

/** A photo Google copies from the owner's site into the post. */
function ImageField(fields: FieldsProps) {
  return (
    <TextField
      {...fields}
      name="imageUrl"
      label="Photo address (optional)"
      path="content.imageUrl"
      type="url"
      hint="A photo on your website: Google copies it into the post."
    />
  )
}

/** What became of the last try: the fields to fix, the server's or Google's refusal, or done. */
function Outcome({
  invalid,
  failure,
  refusal,
  done,
}: {
  invalid: boolean
  failure: string | undefined
  refusal: ProfileRefusal | null
  done: string | null
}) {
  return (
    <>
      {invalid ? <ErrorAlert>Some fields need a look before this can go out.</ErrorAlert> : null}
      <ErrorAlert>{failure}</ErrorAlert>
      {refusal ? (
        <ErrorAlert>
          Google refused the post: {refusal.google ? `${refusal.google} ` : ''}
          {refusal.action}
        </ErrorAlert>
      ) : null}
      {done ? <FormMessage tone="success">{done}</FormMessage> : null}
    </>
  )
}

type TextName = { [K in keyof Form]: Form[K] extends string ? K : never }[keyof Form]

/** One text, date or address field of the form, with its label and the problem at `path`. */
function TextField({
  form,
  set,
  error,
  name,
  label,
  path,
  required,
  type = 'text',
  maxLength,
  className,
  hint,
}: FieldsProps & {
  name: TextName
  label: string
  path: string
  required?: boolean
  type?: 'text' | 'url' | 'date' | 'datetime-local'
  maxLength?: number
  className?: string
  hint?: string
}) {
  const url = type === 'url'
  return (
    <FormField
      label={label}
      required={required}
      error={error(path)}
      className={className}
      hint={hint}
    >
      <Input
        type={type}
        inputMode={url ? 'url' : undefined}
        placeholder={url ? 'https://' : undefined}
        maxLength={maxLength}
        value={form[name]}
        onChange={(e) => set({ [name]: e.target.value })}
      />
    </FormField>
  )
}
