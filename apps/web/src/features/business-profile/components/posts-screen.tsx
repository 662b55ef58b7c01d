import { hasBusinessName, type Business } from '@localseo/shared/business'
import {
  POST_TYPE_LABELS,
  type PostsPage,
  type ProfilePost,
} from '@localseo/shared/business-profile-posts'
import { resolveLocation } from '@localseo/shared/location-selection'
import { ExternalLink, Megaphone } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { BusinessRequired, SettingsRequired } from '@/components/business-required'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { ErrorAlert } from '@/components/error-alert'
import { SampleBadge } from '@/components/figure-source'
import { LocationPicker, useSelectedLocation } from '@/components/location-picker'
import { PageHeader } from '@/components/page-header'
import { Alert, AlertDescription } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import { useMayChange } from '@/lib/member-role'
import { useDeletePost, usePosts, useProfileStatus } from '../api/posts'
import { PostEditor, type PostPlace } from './post-editor'

/** Profile Posts (issue 33 item 6): write, preview, publish or schedule, and the posts per place. */
export function PostsScreen({ business }: { business: Business }) {
  return (
    <section>
      <PageHeader
        title="Profile Posts"
        description="Updates, offers and events on your Google Business Profile."
      />
      {hasBusinessName(business) ? <Posts business={business} /> : <BusinessRequired />}
    </section>
  )
}

const CONNECT: Record<string, string> = {
  not_connected:
    'Connect your Google Business Profile in Settings, then link your locations to it, to post on Google.',
  needs_consent:
    'Your Google connection does not include the Business Profile yet: connect it in Settings.',
  revoked: 'Google no longer accepts the connection: reconnect the Business Profile in Settings.',
}

function Posts({ business }: { business: Business }) {
  const status = useProfileStatus(business.id)
  if (status.isPending) {
    return (
      <Card>
        <CardContent className="flex items-center gap-3 py-10 text-sm text-muted-foreground">
          <Spinner /> Loading your posts…
        </CardContent>
      </Card>
    )
  }
  if (status.isError)
    return <ErrorAlert>Could not load your Business Profile. Please try again.</ErrorAlert>
  const { connection, links } = status.data
  if (connection !== 'sample' && connection !== 'connected') {
    return (
      <SettingsRequired icon={Megaphone} message={CONNECT[connection] ?? CONNECT.not_connected!} />
    )
  }
  if (links.length === 0) {
    return (
      <SettingsRequired
        icon={Megaphone}
        message="Link your locations to their Business Profile in Settings first: posts go to the profile linked to each location."
      />
    )
  }
  const places: PostPlace[] = links.map((link) => ({
    id: link.location,
    label: resolveLocation(business, link.location).label,
    title: link.title,
  }))
  return <PostsWorkspace business={business} places={places} sample={connection === 'sample'} />
}

function PostsWorkspace({
  business,
  places,
  sample,
}: {
  business: Business
  places: PostPlace[]
  sample: boolean
}) {
  const [location, setLocation] = useSelectedLocation(business)
  const posts = usePosts(business.id, location.id)
  const mayChange = useMayChange()
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      {sample ? (
        <Alert variant="info" role="status">
          <Megaphone aria-hidden="true" className="size-4" />
          <AlertDescription>
            Your locations are linked to sample profiles, so posts are kept here and not sent to
            Google. To post on Google, this server needs a Google connection (README "Google
            Business Profile"); then connect your Business Profile in{' '}
            <Link to={paths.settings} className="font-medium underline">
              Settings
            </Link>
            .
          </AlertDescription>
        </Alert>
      ) : null}
      {mayChange ? (
        <Card>
          <CardHeader>
            <CardTitle>Write a post</CardTitle>
            <CardDescription>
              Google shows your latest posts on your profile in Search and Maps.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <PostEditor places={places} timeZone={business.timeZone} />
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader className="gap-4">
          <CardTitle id="posts-title">Your posts</CardTitle>
          {business.locations.length > 0 ? (
            <LocationPicker business={business} value={location.id} onChange={setLocation} />
          ) : null}
        </CardHeader>
        <CardContent>
          {posts.isPending ? (
            <p className="flex items-center gap-3 text-sm text-muted-foreground">
              <Spinner /> Loading…
            </p>
          ) : posts.isError ? (
            <ErrorAlert>Could not load your posts. Please try again.</ErrorAlert>
          ) : (
            <PostList page={posts.data} places={places} />
          )}
        </CardContent>
      </Card>
    </div>
  )
}

/** 'Tue, Jan 20, 9:00 AM' in the business's time zone. */
function inZone(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso))
}

const REPEATS = { none: '', weekly: ', then every week', monthly: ', then every month' } as const

/** The post's state in words: what it is, and what happened with Google. */
function postState(post: ProfilePost, timeZone: string): string {
  switch (post.status) {
    case 'draft':
      return 'Draft'
    case 'scheduled': {
      const at = post.publishAt ? `Scheduled for ${inZone(post.publishAt, timeZone)}` : 'Scheduled'
      const retry = post.reason ? ` (${post.reason})` : ''
      return `${at}${REPEATS[post.repeat]}${retry}`
    }
    case 'publishing':
      return 'Publishing…'
    case 'live':
      return post.sample ? 'Sample: not sent to Google' : 'Live on Google'
    case 'rejected':
      return `Rejected by Google: ${post.reason ?? ''}`.trim()
    case 'failed':
      return `Failed: ${post.reason ?? 'Google did not take it.'}`
  }
}

function PostList({ page, places }: { page: PostsPage; places: PostPlace[] }) {
  const [editing, setEditing] = useState<ProfilePost | null>(null)
  const [deleting, setDeleting] = useState<ProfilePost | null>(null)
  const remove = useDeletePost()
  if (!page.link) {
    // A place with posts was linked once: they wait for its link (ADR 055).
    const kept = page.posts.length > 0
    return (
      <p className="text-sm text-muted-foreground">
        {kept
          ? 'This location is no longer linked to a Business Profile: link it again in '
          : 'This location is not linked to a Business Profile yet: link it in '}
        <Link to={paths.settings} className="font-medium underline">
          Settings
        </Link>
        .{kept ? ' Its posts are kept and shown here again once it is linked.' : null}
      </p>
    )
  }
  if (page.posts.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">No posts here yet: write your first above.</p>
    )
  }
  return (
    <>
      <ul aria-labelledby="posts-title" className="divide-y">
        {page.posts.map((post) => (
          <li key={post.id} className="grid gap-3 py-4 first:pt-0 last:pb-0">
            {editing?.id === post.id ? (
              <PostEditor
                places={places}
                timeZone={page.timeZone}
                post={post}
                onDone={() => setEditing(null)}
              />
            ) : (
              <PostItem
                post={post}
                timeZone={page.timeZone}
                onEdit={() => setEditing(post)}
                onDelete={() => {
                  remove.reset()
                  setDeleting(post)
                }}
              />
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        busy={remove.isPending}
        title="Delete this post?"
        description={
          deleting?.googleName && !deleting.sample
            ? 'It is removed from your Google Business Profile too.'
            : 'It has not been sent to Google: it is only removed here.'
        }
        error={remove.error?.message}
        confirmLabel="Delete post"
        busyLabel="Deleting…"
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
        }}
        onClose={() => setDeleting(null)}
      />
    </>
  )
}

/** One post: its type, state, title and text, a link to it on Google, and what can be done. */
function PostItem({
  post,
  timeZone,
  onEdit,
  onDelete,
}: {
  post: ProfilePost
  timeZone: string
  onEdit: () => void
  onDelete: () => void
}) {
  const mayChange = useMayChange()
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="outline">{POST_TYPE_LABELS[post.content.topicType]}</Badge>
          {post.sample ? <SampleBadge /> : null}
          <span
            className={
              post.status === 'failed' || post.status === 'rejected'
                ? 'text-sm font-medium text-destructive'
                : 'text-sm text-muted-foreground'
            }
          >
            {postState(post, timeZone)}
          </span>
        </div>
        {post.content.event ? (
          <p className="font-medium break-words">{post.content.event.title}</p>
        ) : null}
        <p className="line-clamp-3 text-sm break-words whitespace-pre-line">
          {post.content.summary}
        </p>
        {post.searchUrl ? (
          <a
            href={post.searchUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-sm font-medium text-primary underline"
          >
            See it on Google <ExternalLink aria-hidden="true" className="size-3.5" />
          </a>
        ) : null}
      </div>
      <div className={mayChange ? 'flex shrink-0 gap-2' : 'hidden'}>
        <Button
          variant="outline"
          size="sm"
          disabled={post.status === 'publishing'}
          onClick={onEdit}
          aria-label={`Edit post: ${post.content.summary.slice(0, 40)}`}
        >
          Edit
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={post.status === 'publishing'}
          onClick={onDelete}
          aria-label={`Delete post: ${post.content.summary.slice(0, 40)}`}
        >
          Delete
        </Button>
      </div>
    </div>
  )
}
