// A fake search-results provider on 127.0.0.1 (issue 17 item 6): it answers SerpApi's
// `GET /search.json` and Serper's `POST /search` and `POST /maps` with the recorded answers in
// fixtures/serp/ (shaped as each provider documents them), so the real adapters run against it with
// SERP_BASE_URL pointing here. The keyword picks the case:
//   'dentist austin'  organic: the business on page 2 (position 14); map: found by place id (#3)
//   'dentist near me' map: the business under another place id, found by name and phone (#3)
//   'quota'           429 with the provider's out-of-searches answer
//   'broken'          503
//   'slow'            no answer (the adapter's timeout ends it)
//   'garbled'         200 with a body that is not JSON
//   anything else     organic: full pages of other sites, so the check pages through all 100
// A key other than `key` is refused with the provider's 401 answer.
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { serveOnLoopback } from './loopback.js'

type Provider = 'serpapi' | 'serper'

export interface FakeSerpRequest {
  provider: Provider
  kind: 'organic' | 'maps'
  /** The request's parameters (query string or JSON body), the key left out. */
  params: Record<string, string>
  key: string | null
}

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./fixtures/serp/${name}.json`, import.meta.url), 'utf8'))

/** A page of other sites: page 1's results numbered for the page asked. */
function otherSites(provider: Provider, page: number): unknown {
  const first = fixture(provider === 'serpapi' ? 'serpapi-google-page-1' : 'serper-search-page-1')
  const results = first as { organic_results?: { position: number }[]; organic?: object[] }
  if (provider === 'serpapi') {
    // SerpApi numbers results from the first page; Serper from each page's first result.
    results.organic_results = results.organic_results?.map((r) => ({
      ...r,
      position: r.position + page * 10,
    }))
  }
  return first
}

function organic(provider: Provider, q: string, page: number): unknown {
  if (q === 'dentist austin' && page < 2) {
    const name = provider === 'serpapi' ? 'serpapi-google-page-' : 'serper-search-page-'
    return fixture(`${name}${page + 1}`)
  }
  return otherSites(provider, page)
}

function maps(provider: Provider, q: string): unknown {
  const name = q === 'dentist near me' ? '-name-only' : ''
  return fixture(provider === 'serpapi' ? `serpapi-google-maps${name}` : `serper-maps${name}`)
}

async function readRequest(req: IncomingMessage): Promise<FakeSerpRequest | null> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1')
  if (req.method === 'GET' && url.pathname === '/search.json') {
    const params = Object.fromEntries(url.searchParams)
    const { api_key: key = null, ...rest } = params
    return {
      provider: 'serpapi',
      kind: rest.engine === 'google_maps' ? 'maps' : 'organic',
      params: rest,
      key,
    }
  }
  if (req.method === 'POST' && (url.pathname === '/search' || url.pathname === '/maps')) {
    let text = ''
    for await (const chunk of req) text += String(chunk)
    const body = JSON.parse(text || '{}') as Record<string, unknown>
    const params = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]))
    const key = req.headers['x-api-key']
    return {
      provider: 'serper',
      kind: url.pathname === '/maps' ? 'maps' : 'organic',
      params,
      key: typeof key === 'string' ? key : null,
    }
  }
  return null
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json' }).end(text)
}

function answer(request: FakeSerpRequest, key: string, res: ServerResponse) {
  const { provider, kind, params } = request
  const q = params.q ?? ''
  if (request.key !== key) {
    return send(
      res,
      401,
      fixture(provider === 'serpapi' ? 'serpapi-error-invalid-key' : 'serper-error-unauthorized'),
    )
  }
  if (q === 'quota') {
    return send(
      res,
      429,
      fixture(provider === 'serpapi' ? 'serpapi-error-out-of-searches' : 'serper-error-no-credits'),
    )
  }
  if (q === 'broken') return send(res, 503, { error: 'Service temporarily unavailable.' })
  if (q === 'slow') return // never answers; closing the server ends the socket
  if (q === 'garbled') return send(res, 200, '{"organic_results": [')
  if (kind === 'maps') return send(res, 200, maps(provider, q))
  const page =
    provider === 'serpapi' ? Number(params.start ?? 0) / 10 : Number(params.page ?? 1) - 1
  return send(res, 200, organic(provider, q, page))
}

/** `delayMs`: every answer comes that much later (a slow provider: a stop lands mid-scan). */
export async function startFakeSerp({ key, delayMs = 0 }: { key: string; delayMs?: number }) {
  const requests: FakeSerpRequest[] = []
  const slow = { delayMs }
  const server = createServer((req, res) => {
    readRequest(req)
      .then(async (request) => {
        if (!request) return send(res, 404, { error: 'Unknown endpoint.' })
        requests.push(request)
        if (slow.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, slow.delayMs))
        return answer(request, key, res)
      })
      .catch(() => send(res, 400, { error: 'Bad request.' }))
  })
  return {
    requests,
    /** From now on every answer comes `ms` later. */
    slowDown: (ms: number) => void (slow.delayMs = ms),
    ...(await serveOnLoopback(server)),
  }
}

export type FakeSerp = Awaited<ReturnType<typeof startFakeSerp>>
