// A fake DataForSEO on 127.0.0.1 (issue 18 item 4): it answers
// `POST /v3/keywords_data/google_ads/search_volume/live` with the recorded answers in
// fixtures/dataforseo/, shaped as DataForSEO documents them (docs.dataforseo.com: keywords_data/
// google_ads/search_volume/live and appendix/errors), so the real adapter runs against it with
// DATAFORSEO_URL pointing here. The first keyword of the task picks the case:
//   'credits'   HTTP 402 (DataForSEO cannot bill the account)
//   'busy'      HTTP 429 (a proxy's or a rate limit's answer; DataForSEO itself documents 200s)
//   'broken'    HTTP 500
//   'slow'      no answer (the adapter's timeout ends it)
//   'garbled'   200 with a body that is not JSON
//   'rejected'  200 whose top-level status_code is an error (40501, a field DataForSEO refuses)
//   anything else: the recorded result for each keyword of the fixture, and for other keywords
//   the fixture's no-data entry (search_volume null) under their own text.
// A location_name DataForSEO does not know (containing 'Nowhereville') gets the task-level 40501
// answer. Credentials other than `login`:`password` get the documented 401.
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { serveOnLoopback } from './loopback.js'

export interface FakeDataForSeoRequest {
  path: string
  /** The Basic credentials, decoded ('login:password'), or null. */
  credentials: string | null
  keywords: string[]
  locationName: string | null
  languageCode: string | null
}

interface Result {
  keyword: string
  [field: string]: unknown
}
interface Answer {
  status_code: number
  status_message: string
  tasks: { result: Result[] | null; result_count: number; data: Record<string, unknown> }[]
}

const fixture = <T = unknown>(name: string): T =>
  JSON.parse(
    readFileSync(new URL(`./fixtures/dataforseo/${name}.json`, import.meta.url), 'utf8'),
  ) as T

function found(request: FakeDataForSeoRequest): Answer {
  const answer = fixture<Answer>('search-volume-live')
  const [task] = answer.tasks
  if (!task) throw new Error('The fixture has no task.')
  const recorded = new Map((task.result ?? []).map((r) => [r.keyword, r]))
  const empty = recorded.get('zzzzqqq nothing')
  const result = request.keywords.map((keyword) => recorded.get(keyword) ?? { ...empty, keyword })
  task.result = result
  task.result_count = result.length
  task.data = {
    ...task.data,
    keywords: request.keywords,
    location_name: request.locationName,
    language_code: request.languageCode,
  }
  return answer
}

async function readRequest(req: IncomingMessage): Promise<FakeDataForSeoRequest> {
  let text = ''
  for await (const chunk of req) text += String(chunk)
  const [task] = JSON.parse(text || '[]') as {
    keywords?: string[]
    location_name?: string
    language_code?: string
  }[]
  const auth = req.headers.authorization ?? ''
  return {
    path: new URL(req.url ?? '/', 'http://127.0.0.1').pathname,
    credentials: auth.startsWith('Basic ')
      ? Buffer.from(auth.slice(6), 'base64').toString('utf8')
      : null,
    keywords: task?.keywords ?? [],
    locationName: task?.location_name ?? null,
    languageCode: task?.language_code ?? null,
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json' }).end(text)
}

const CASES: Record<string, [number, string]> = {
  credits: [402, 'error-402'],
  busy: [429, 'error-429'],
  broken: [500, 'error-500'],
}

function answer(request: FakeDataForSeoRequest, credentials: string, res: ServerResponse) {
  if (request.path !== '/v3/keywords_data/google_ads/search_volume/live') {
    return send(res, 404, { status_code: 40400, status_message: 'Not Found.' })
  }
  if (request.credentials !== credentials) return send(res, 401, fixture('error-401'))
  const first = request.keywords[0] ?? ''
  const known = CASES[first]
  if (known) return send(res, known[0], fixture(known[1]))
  if (first === 'slow') return // never answers; closing the server ends the socket
  if (first === 'garbled') return send(res, 200, '{"status_code": 20000, "tasks": [')
  if (first === 'rejected') {
    return send(res, 200, {
      ...fixture<object>('error-500'),
      status_code: 40501,
      status_message: "Invalid Field: 'keywords'.",
    })
  }
  if (request.locationName?.includes('Nowhereville')) {
    return send(res, 200, fixture('task-error-location'))
  }
  return send(res, 200, found(request))
}

/** `delayMs`: every answer comes that much later (a provider as slow as a real one, for a bench). */
export async function startFakeDataForSeo({
  login,
  password,
  delayMs = 0,
}: {
  login: string
  password: string
  delayMs?: number
}) {
  const requests: FakeDataForSeoRequest[] = []
  const server = createServer((req, res) => {
    readRequest(req)
      .then(async (request) => {
        requests.push(request)
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs))
        answer(request, `${login}:${password}`, res)
      })
      .catch(() => send(res, 400, { status_code: 40503, status_message: 'POST Data Is Invalid.' }))
  })
  return { requests, ...(await serveOnLoopback(server)) }
}

export type FakeDataForSeo = Awaited<ReturnType<typeof startFakeDataForSeo>>
