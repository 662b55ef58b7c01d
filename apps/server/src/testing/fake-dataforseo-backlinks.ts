// A fake DataForSEO Backlinks API on 127.0.0.1 (issue 32 item 4, ADR 032): it answers
// `POST /v3/backlinks/summary/live` with the answers in fixtures/dataforseo/backlinks-summary-live.json,
// written in the shape DataForSEO documents (docs.dataforseo.com: backlinks/summary/live and
// appendix/errors), one task per target, so the real adapter runs against it with DATAFORSEO_URL
// pointing here. The target picks the case:
//   containing 'credits'  HTTP 402      'busy'     HTTP 429      'broken'  HTTP 500
//   containing 'slow'     no answer (the adapter's timeout ends it)
//   containing 'garbled'  200 with a body that is not JSON
//   a target of the fixture: its task; any other: the austin-directory task under its own target.
// Credentials other than `login`:`password` get the documented 401.
import { readFileSync } from 'node:fs'
import { createServer, type ServerResponse } from 'node:http'
import { serveOnLoopback } from './loopback.js'

export interface FakeBacklinksRequest {
  path: string
  credentials: string | null
  body: Record<string, unknown>[]
}

interface Task {
  data: { target: string }
  result: { target: string }[]
}

const fixture = <T = unknown>(name: string): T =>
  JSON.parse(
    readFileSync(new URL(`./fixtures/dataforseo/${name}.json`, import.meta.url), 'utf8'),
  ) as T

function send(res: ServerResponse, status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json' }).end(text)
}

const FAILURES: [string, number, string][] = [
  ['credits', 402, 'error-402'],
  ['busy', 429, 'error-429'],
  ['broken', 500, 'error-500'],
]

function answer(request: FakeBacklinksRequest, credentials: string, res: ServerResponse) {
  if (request.path !== '/v3/backlinks/summary/live') {
    return send(res, 404, { status_code: 40400, status_message: 'Not Found.' })
  }
  if (request.credentials !== credentials) return send(res, 401, fixture('error-401'))
  const asked = request.body[0]?.target
  const target = typeof asked === 'string' ? asked : ''
  const failure = FAILURES.find(([word]) => target.includes(word))
  if (failure) return send(res, failure[1], fixture(failure[2]))
  if (target.includes('slow')) return
  if (target.includes('garbled')) return send(res, 200, '{"status_code": 20000, "tasks": [')
  const recorded = fixture<{ tasks: Task[] }>('backlinks-summary-live')
  const own = recorded.tasks.find((task) => task.data.target === target)
  const task = own ?? recorded.tasks.find((t) => t.data.target === 'austin-directory.example.com')!
  if (!own) {
    task.data.target = target
    task.result[0]!.target = target
  }
  return send(res, 200, { ...recorded, tasks_count: 1, tasks: [task] })
}

export async function startFakeDataForSeoBacklinks({
  login,
  password,
}: {
  login: string
  password: string
}) {
  const requests: FakeBacklinksRequest[] = []
  const server = createServer((req, res) => {
    void (async () => {
      let text = ''
      for await (const chunk of req) text += String(chunk)
      const auth = req.headers.authorization ?? ''
      const request = {
        path: new URL(req.url ?? '/', 'http://127.0.0.1').pathname,
        credentials: auth.startsWith('Basic ')
          ? Buffer.from(auth.slice(6), 'base64').toString('utf8')
          : null,
        body: JSON.parse(text || '[]') as Record<string, unknown>[],
      }
      requests.push(request)
      answer(request, `${login}:${password}`, res)
    })().catch(() =>
      send(res, 400, { status_code: 40503, status_message: 'POST Data Is Invalid.' }),
    )
  })
  return { requests, ...(await serveOnLoopback(server)) }
}

export type FakeDataForSeoBacklinks = Awaited<ReturnType<typeof startFakeDataForSeoBacklinks>>
