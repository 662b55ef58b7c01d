// The owner's reply under a review (issue 33 item 3, docs/decisions/037-review-replies.md): the
// reply as Google has it, with its moderation state; 'Reply' or 'Edit' opens a box where 'Draft a
// reply' fills in a draft to check and change; 'Send reply' sends it, once (the server refuses a
// second send while one is on its way, and the button waits); 'Delete' asks first. A sample review's
// reply is saved here only, and says so.
import {
  REPLY_MAX_BYTES,
  replyBytes,
  type ProfileReview,
  type ReviewDraft,
} from '@localseo/shared/business-profile'
import { Pencil, Sparkles, Trash2 } from 'lucide-react'
import { useId, useRef, useState, type FormEvent } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { ErrorAlert } from '@/components/error-alert'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { formatDate } from '@/lib/dates'
import { useTimeZone } from '@/lib/time-zone'
import { useMayChange } from '@/lib/member-role'
import { useDeleteReply, useDraftReply, useSendReply } from '../api/replies'

type Reply = NonNullable<ProfileReview['reply']>

const DRAFTED_BY: Record<ReviewDraft['source'], string> = {
  model: 'Drafted by AI.',
  'built-in': 'Drafted by the built-in writer (no AI model is connected).',
  fallback: 'Drafted by the built-in writer, because the AI model did not answer.',
}

/** Where the reply stands at Google, in the owner's words. */
function ReplyState({ reply, sample }: { reply: Reply; sample: boolean }) {
  if (sample) {
    return (
      <Badge variant="outline" className="whitespace-normal">
        Sample: not sent to Google
      </Badge>
    )
  }
  if (reply.state === 'PENDING') return <Badge variant="secondary">Pending Google's review</Badge>
  if (reply.state === 'REJECTED') {
    return (
      <p className="text-sm font-medium text-destructive">
        Google rejected this reply
        {reply.policyViolation ? `: ${reply.policyViolation}` : ''}. Edit it and send it again.
      </p>
    )
  }
  if (reply.state === 'ACTIVE') return <Badge variant="secondary">Published</Badge>
  // Google sent no state (a reply from before it had one): it is the reply Google lists.
  return <Badge variant="secondary">On Google</Badge>
}

const whoOf = (review: ProfileReview) =>
  review.reviewerAnonymous ? 'this reviewer' : review.reviewer

export function ReviewReply({ review }: { review: ProfileReview; location: string }) {
  const [editing, setEditing] = useState(false)
  const mayChange = useMayChange()
  // What a send or delete answered, until the list is read again (the same reply as before).
  const [answered, setAnswered] = useState<{ before: Reply | null; reply: Reply | null } | null>(
    null,
  )
  const reply = answered && answered.before === review.reply ? answered.reply : review.reply
  const show = (next: ProfileReview) => setAnswered({ before: review.reply, reply: next.reply })

  if (editing) {
    return (
      <ReplyEditor
        review={review}
        initial={reply?.comment ?? ''}
        onDone={(next) => {
          if (next) show(next)
          setEditing(false)
        }}
      />
    )
  }
  if (!reply) {
    if (!mayChange) return null
    return (
      <div className="mt-3">
        <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
          Reply<span className="sr-only"> to {whoOf(review)}</span>
        </Button>
      </div>
    )
  }
  return (
    <ShownReply review={review} reply={reply} onEdit={() => setEditing(true)} onDeleted={show} />
  )
}

/** The reply as Google has it, with Edit and Delete (which asks first). */
function ShownReply({
  review,
  reply,
  onEdit,
  onDeleted,
}: {
  review: ProfileReview
  reply: Reply
  onEdit: () => void
  onDeleted: (answer: ProfileReview) => void
}) {
  const timeZone = useTimeZone()
  const [confirming, setConfirming] = useState(false)
  const remove = useDeleteReply()
  const who = whoOf(review)
  const mayChange = useMayChange()
  return (
    <div className="mt-3 grid gap-2 rounded-md border-l-2 border-primary/40 bg-muted/50 px-3 py-2 text-sm">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <p className="font-medium">Your reply</p>
        <ReplyState reply={reply} sample={review.sample} />
        {reply.updateTime ? (
          <time className="text-xs text-muted-foreground" dateTime={reply.updateTime}>
            {formatDate(reply.updateTime, timeZone)}
          </time>
        ) : null}
      </div>
      <p className="whitespace-pre-line text-muted-foreground">{reply.comment}</p>
      <div className={mayChange ? 'flex flex-wrap gap-2' : 'hidden'}>
        <Button variant="outline" size="sm" onClick={onEdit}>
          <Pencil aria-hidden="true" />
          Edit<span className="sr-only"> your reply to {who}</span>
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            remove.reset()
            setConfirming(true)
          }}
        >
          <Trash2 aria-hidden="true" />
          Delete<span className="sr-only"> your reply to {who}</span>
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        busy={remove.isPending}
        title="Delete your reply?"
        description={
          review.sample
            ? 'Your reply to this sample review is removed. The review stays.'
            : 'Your reply is removed from Google too. The review stays, and you can reply again later.'
        }
        error={remove.error?.message ?? null}
        confirmLabel="Delete reply"
        busyLabel="Deleting…"
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(review.name, {
            onSuccess: (answer) => {
              setConfirming(false)
              onDeleted(answer)
            },
          })
        }
      />
    </div>
  )
}

/** Who wrote the draft, and that the owner checks it: nothing is sent by drafting. */
function DraftLabel({ id, draft }: { id: string; draft: ReviewDraft }) {
  return (
    <Alert id={id} variant="info" role="status">
      <Sparkles aria-hidden="true" />
      <AlertDescription>
        {DRAFTED_BY[draft.source]} Check it and make it yours before sending: nothing goes to Google
        until you click Send reply.
        {draft.note ? ` ${draft.note}` : ''}
      </AlertDescription>
    </Alert>
  )
}

/** The reply's size as Google counts it (bytes), and when it is over Google's limit. */
function ReplyLength({ id, bytes }: { id: string; bytes: number }) {
  const max = REPLY_MAX_BYTES.toLocaleString()
  if (bytes > REPLY_MAX_BYTES) {
    return (
      <p id={id} className="text-xs font-medium text-destructive">
        Too long for Google: {bytes.toLocaleString()} of {max} bytes allowed.
      </p>
    )
  }
  return (
    <p id={id} className="text-xs text-muted-foreground">
      {bytes.toLocaleString()} of {max} bytes Google allows.
    </p>
  )
}

/** Sends the reply; a second click before React re-renders the disabled button sends nothing. */
function useSendOnce(review: ProfileReview, onDone: (answer: ProfileReview) => void) {
  const send = useSendReply()
  const sending = useRef(false)
  const once = (comment: string) => {
    if (sending.current) return
    sending.current = true
    send.mutate(
      { review: review.name, comment },
      {
        onSuccess: onDone,
        onSettled: () => {
          sending.current = false
        },
      },
    )
  }
  return { send, once }
}

function ReplyEditor({
  review,
  initial,
  onDone,
}: {
  review: ProfileReview
  initial: string
  onDone: (answer: ProfileReview | null) => void
}) {
  const id = useId()
  const [text, setText] = useState(initial)
  const [draft, setDraft] = useState<ReviewDraft | null>(null)
  const { send, once } = useSendOnce(review, onDone)
  const drafting = useDraftReply()
  const bytes = replyBytes(text.trim())
  const tooLong = bytes > REPLY_MAX_BYTES
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (text.trim() && !tooLong) once(text.trim())
  }

  const fillDraft = () =>
    drafting.mutate(review.name, {
      onSuccess: (answer) => {
        setDraft(answer)
        setText(answer.draft)
      },
    })
  const busy = send.isPending || drafting.isPending
  return (
    <form
      onSubmit={submit}
      className="mt-3 grid gap-2 rounded-md border bg-muted/30 p-3"
      aria-label={`Reply to ${whoOf(review)}`}
    >
      <Label htmlFor={`${id}-text`}>Your reply to {whoOf(review)}</Label>
      {draft ? <DraftLabel id={`${id}-draft`} draft={draft} /> : null}
      <textarea
        id={`${id}-text`}
        // Tall enough for a drafted reply without scrolling.
        rows={8}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-describedby={[draft ? `${id}-draft` : null, `${id}-count`].filter(Boolean).join(' ')}
        aria-invalid={tooLong || undefined}
        className="w-full resize-y rounded-md border border-input bg-background px-3 py-2 text-sm"
      />
      <ReplyLength id={`${id}-count`} bytes={bytes} />
      {review.sample ? (
        <p className="text-xs text-muted-foreground">
          This is a sample review: your reply is saved here only, not sent to Google.
        </p>
      ) : null}
      <ErrorAlert>{send.error?.message ?? drafting.error?.message}</ErrorAlert>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={busy || !text.trim() || tooLong}>
          {send.isPending ? 'Sending…' : 'Send reply'}
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={busy} onClick={fillDraft}>
          <Sparkles aria-hidden="true" />
          {drafting.isPending ? 'Drafting…' : draft ? 'Draft again' : 'Draft a reply'}
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={send.isPending}
          onClick={() => onDone(null)}
        >
          Cancel
        </Button>
      </div>
    </form>
  )
}
