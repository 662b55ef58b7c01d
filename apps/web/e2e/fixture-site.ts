// A tiny website on 127.0.0.1 at this worker's port of E2E_FIXTURE_PORTS, the loopback ports run.mjs
// lets the server fetch (FETCH_ALLOW_HOSTS): linking pages for backlink verification, a small site
// for the audit. Journey files on one worker run one after another, so a port is never shared.
import { createServer } from 'node:http'

const worker = Number(process.env.VITEST_POOL_ID ?? 1)
const fixturePort = Number(process.env.E2E_FIXTURE_PORTS?.split(',')[worker - 1])
export const fixtureOrigin = `http://127.0.0.1:${fixturePort}`

export interface FixtureSite {
  close(): Promise<void>
}

/** Serves `pages(pathname)` as HTML; undefined is a 404. */
export async function serveFixtureSite(
  pages: (pathname: string) => string | undefined,
): Promise<FixtureSite> {
  if (!fixturePort) throw new Error('E2E_FIXTURE_PORTS is not set: run the journeys via run.mjs.')
  const server = createServer((request, response) => {
    const html = pages(new URL(request.url ?? '/', fixtureOrigin).pathname)
    if (html === undefined) {
      response.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' })
      response.end('<!doctype html><title>Not found</title><h1>Not found</h1>')
      return
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    response.end(html)
  })
  await new Promise<void>((resolve) => server.listen(fixturePort, '127.0.0.1', resolve))
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
