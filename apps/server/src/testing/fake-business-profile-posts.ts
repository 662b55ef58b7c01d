// The local posts of the fake Google's Business Profile (issue 33 item 6, ADR 036), in the shapes
// My Business v4 documents for accounts.locations.localPosts:
//   POST   {mybusiness}/accounts/{a}/locations/{l}/localPosts   a LocalPost; answers it with its
//          name, createTime, updateTime, state and searchUrl (400 for what Google refuses: no
//          topicType, a summary over 1500 characters, an event or offer without the event's title
//          and schedule, a call to action without its URL but CALL)
//   GET    {mybusiness}/accounts/{a}/locations/{l}/localPosts   pageSize ≤ 100, paged by pageToken
//   PATCH  {mybusiness}/…/localPosts/{p}?updateMask=a,b   only the masked fields change (400 without)
//   DELETE {mybusiness}/…/localPosts/{p}                   answers {}
// An unknown post is Google's 404. `loseNextCreate` stores the next post and then answers 503, as a
// create whose answer never came back; `rejectNext` makes the next created post REJECTED.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { readJson } from './fixture-server.js'

type Post = Record<string, unknown> & { name: string }

const ACTIONS = ['BOOK', 'ORDER', 'SHOP', 'LEARN_MORE', 'SIGN_UP', 'CALL']
const TOPICS = ['STANDARD', 'EVENT', 'OFFER']
/** The fields a LocalPost's owner may write (the rest are output only). */
const WRITABLE = ['languageCode', 'summary', 'callToAction', 'event', 'offer', 'media', 'topicType']

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}

const invalid = (res: ServerResponse, message: string) =>
  json(res, 400, { error: { code: 400, message, status: 'INVALID_ARGUMENT' } })

/** What Google answers 400 for, in its words; null when the post is acceptable. */
function refusal(post: Record<string, unknown>): string | null {
  if (!TOPICS.includes(post.topicType as string)) return 'Invalid topic type.'
  if (typeof post.summary === 'string' && post.summary.length > 1500) {
    return 'Summary is too long.'
  }
  if (post.topicType !== 'STANDARD') {
    const event = post.event as { title?: unknown; schedule?: Record<string, unknown> } | undefined
    const schedule = event?.schedule
    if (typeof event?.title !== 'string' || !schedule?.startDate || !schedule.endDate) {
      return 'Event title and schedule are required.'
    }
  }
  const cta = post.callToAction as { actionType?: unknown; url?: unknown } | undefined
  if (cta) {
    if (!ACTIONS.includes(cta.actionType as string)) return 'Invalid action type.'
    if (cta.actionType !== 'CALL' && typeof cta.url !== 'string') return 'Missing URL.'
  }
  return null
}

export function createFakeLocalPosts(myBusinessPath: string) {
  const posts = new Map<string, Post>()
  const settings = { lose: false, reject: false }
  let next = 1
  /** Every write received, with the body and the update mask sent. */
  const calls: { method: string; name: string; body?: Record<string, unknown>; mask?: string }[] =
    []

  async function create(location: string, req: IncomingMessage, res: ServerResponse) {
    const body = (await readJson(req)) as Record<string, unknown> | null
    if (!body) return invalid(res, 'Request contains an invalid argument.')
    const why = refusal(body)
    if (why) return invalid(res, why)
    const id = String(next++)
    const now = new Date().toISOString()
    const name = `${location}/localPosts/${id}`
    const post: Post = {
      ...Object.fromEntries(WRITABLE.filter((f) => f in body).map((f) => [f, body[f]])),
      name,
      createTime: now,
      updateTime: now,
      state: settings.reject ? 'REJECTED' : 'LIVE',
      searchUrl: `https://local.google.com/place?id=1&use=posts&lpsid=${id}`,
    }
    settings.reject = false
    posts.set(name, post)
    calls.push({ method: 'POST', name, body })
    if (settings.lose) {
      settings.lose = false
      return json(res, 503, {
        error: { code: 503, message: 'Backend Error', status: 'UNAVAILABLE' },
      })
    }
    json(res, 200, post)
  }

  function list(location: string, url: URL, res: ServerResponse) {
    const size = Number(url.searchParams.get('pageSize') ?? 20)
    if (!Number.isInteger(size) || size < 1 || size > 100) return invalid(res, 'Invalid page size.')
    const from = Number(url.searchParams.get('pageToken') ?? 0)
    const mine = [...posts.values()].filter((p) => p.name.startsWith(`${location}/localPosts/`))
    const page = mine.slice(from, from + size)
    json(res, 200, {
      localPosts: page,
      ...(from + size < mine.length ? { nextPageToken: String(from + size) } : {}),
    })
  }

  async function patch(name: string, url: URL, req: IncomingMessage, res: ServerResponse) {
    const post = posts.get(name)
    if (!post) return notFound(res)
    const mask = (url.searchParams.get('updateMask') ?? '').split(',').filter(Boolean)
    if (mask.length === 0 || mask.some((f) => !WRITABLE.includes(f))) {
      return invalid(res, 'Invalid update mask.')
    }
    const body = ((await readJson(req)) ?? {}) as Record<string, unknown>
    const changed: Post = { ...post }
    for (const field of mask) {
      if (field in body) changed[field] = body[field]
      else delete changed[field]
    }
    const why = refusal(changed)
    if (why) return invalid(res, why)
    changed.updateTime = new Date().toISOString()
    posts.set(name, changed)
    calls.push({ method: 'PATCH', name, body, mask: mask.join(',') })
    json(res, 200, changed)
  }

  function remove(name: string, res: ServerResponse) {
    if (!posts.delete(name)) return notFound(res)
    calls.push({ method: 'DELETE', name })
    json(res, 200, {})
  }

  const notFound = (res: ServerResponse) =>
    json(res, 404, {
      error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' },
    })

  const listPath = new RegExp(`^${myBusinessPath}/(accounts/[^/]+/locations/[^/]+)/localPosts$`)
  const onePath = new RegExp(
    `^${myBusinessPath}/(accounts/[^/]+/locations/[^/]+/localPosts/[^/]+)$`,
  )

  return {
    posts,
    calls,
    /** The handler of a localPosts request, or null for any other. */
    route(method: string, url: URL) {
      const listMatch = listPath.exec(url.pathname)
      if (listMatch && method === 'POST') {
        return (res: ServerResponse, req: IncomingMessage) => void create(listMatch[1]!, req, res)
      }
      if (listMatch && method === 'GET') {
        return (res: ServerResponse) => list(listMatch[1]!, url, res)
      }
      const oneMatch = onePath.exec(url.pathname)
      if (oneMatch && method === 'PATCH') {
        return (res: ServerResponse, req: IncomingMessage) =>
          void patch(oneMatch[1]!, url, req, res)
      }
      if (oneMatch && method === 'DELETE') return (res: ServerResponse) => remove(oneMatch[1]!, res)
      return null
    },
    /** The next create stores the post and answers 503, as if Google's answer were lost. */
    loseNextCreate() {
      settings.lose = true
    },
    /** The next created post is REJECTED by Google. */
    rejectNext() {
      settings.reject = true
    },
    reset() {
      next = 1
      posts.clear()
      calls.length = 0
      settings.lose = false
      settings.reject = false
    },
    creates: () => calls.filter((c) => c.method === 'POST').length,
  }
}
