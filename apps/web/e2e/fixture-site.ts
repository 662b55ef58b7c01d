// A tiny website on 127.0.0.1:E2E_FIXTURE_PORT, the one loopback port run.mjs lets the server fetch
// (FETCH_ALLOW_HOSTS): linking pages for backlink verification, a small site for the audit.
import { createServer } from 'node:http'

const fixturePort = Number(process.env.E2E_FIXTURE_PORT)
export const fixtureOrigin = `http://127.0.0.1:${fixturePort}`

export interface FixtureSite {
  close(): Promise<void>
}

/** Serves `pages(pathname)` as HTML; undefined is a 404. */
export async function serveFixtureSite(
  pages: (pathname: string) => string | undefined,
): Promise<FixtureSite> {
  if (!fixturePort) throw new Error('E2E_FIXTURE_PORT is not set: run the journeys via run.mjs.')
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
