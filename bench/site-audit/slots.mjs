// Audit slots (issue 31 item 3, docs/decisions/028-audit-slots.md): two owners' websites are
// tarpits (every request answered after 8 s, 200 pages each) and are being audited; a third owner
// then audits a fast site. Prints when the third audit started (its site's first request) and
// finished, counted from its Run audit, and what the tarpit audits were doing meanwhile.
// Usage (after `npm run build`): node bench/site-audit/slots.mjs
// DELAY_MS (8000) and PAGES (200) size the tarpits; AUDIT_WORKERS and AUDIT_RUN_LIMIT_SECONDS pass
// through to the server; WAIT_TARPITS=1 also waits for the tarpit audits to end. Loopback only.
import { createServer } from 'node:http'
import { randomBytes } from 'node:crypto'
import { printLoadAverage } from '../lib/measure.mjs'
import { signUpOwner } from '../lib/owner.mjs'
import { startServer } from '../lib/server.mjs'

const DELAY_MS = Number(process.env.DELAY_MS ?? 8_000)
const PAGES = Number(process.env.PAGES ?? 200)
/** Page names in letters (/page-a … /page-gr): numbered ones of one shape are capped as a trap at 50. */
const letters = (i) =>
  (i < 26 ? '' : letters(Math.floor(i / 26) - 1)) + String.fromCharCode(97 + (i % 26))
const links = Array.from(
  { length: PAGES },
  (_, i) => `<a href="/page-${letters(i)}">Page ${letters(i)}</a>`,
).join('')
const html = (title, body) =>
  `<!doctype html><html><head><title>${title}</title><meta name="description" content="${title}"></head><body><h1>${title}</h1>${body}</body></html>`

/** Starts a loopback site; `first` is when it received its first request. */
async function site(handle) {
  const served = { first: undefined, requests: 0 }
  const server = createServer((req, res) => {
    served.first ??= performance.now()
    served.requests++
    handle(req, res)
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address()
  return {
    served,
    origin: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(resolve)
      }),
  }
}

/** Every request, robots.txt and sitemaps included, answered after DELAY_MS; each page links to PAGES. */
const tarpit = () =>
  site((req, res) => {
    const timer = setTimeout(() => {
      if (req.url === '/robots.txt' || req.url.startsWith('/sitemap'))
        return res.writeHead(404).end()
      res.writeHead(200, { 'content-type': 'text/html' }).end(html(`Slow ${req.url}`, links))
    }, DELAY_MS)
    res.on('close', () => clearTimeout(timer))
  })

const fastPages = {
  '/': html('Bench Dental', '<a href="/services">Services</a><a href="/contact">Contact</a>'),
  '/services': html('Dental services', '<p>Cleanings, fillings and crowns.</p>'),
  '/contact': html('Contact us', '<p>(512) 555-0100</p>'),
}
const fast = () =>
  site((req, res) => {
    const page = fastPages[req.url]
    if (!page) return res.writeHead(404).end()
    res.writeHead(200, { 'content-type': 'text/html' }).end(page)
  })

const slowA = await tarpit()
const slowB = await tarpit()
const quick = await fast()
const passed = Object.fromEntries(
  ['AUDIT_WORKERS', 'AUDIT_RUN_LIMIT_SECONDS']
    .filter((name) => process.env[name])
    .map((name) => [name, process.env[name]]),
)
const server = await startServer({
  env: {
    JWT_SECRET: randomBytes(32).toString('hex'),
    FETCH_ALLOW_HOSTS: [slowA, slowB, quick].map((s) => s.hostPort).join(','),
    ...passed,
  },
})

async function api(token, method, path) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
  })
  return { status: res.status, body: await res.json() }
}

/** Run audit; a 409 means the planner's tick started this business's first audit already: that one. */
async function startAudit(token) {
  const started = await api(token, 'POST', '/api/site-audit/runs')
  if (started.status === 202) return started.body.run.id
  const { body } = await api(token, 'GET', '/api/site-audit/runs')
  const running = body.runs.find((run) => run.status === 'running')
  if (!running) throw new Error(`Run audit answered ${started.status}`)
  return running.id
}

const run = async (token, id) => (await api(token, 'GET', `/api/site-audit/runs/${id}`)).body.run
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`

try {
  const a = (await signUpOwner(server.url, { website: slowA.origin })).access_token
  const b = (await signUpOwner(server.url, { website: slowB.origin })).access_token
  const c = (await signUpOwner(server.url, { website: quick.origin })).access_token
  const runA = await startAudit(a)
  const runB = await startAudit(b)
  // Both tarpits are mid-crawl (each has stored crawled pages) before the third owner asks.
  const crawling = async (token, id) => (await run(token, id)).pagesCrawled > 0
  const since = performance.now()
  while (!(await crawling(a, runA)) || !(await crawling(b, runB))) {
    if (performance.now() - since > 10 * DELAY_MS + 30_000)
      throw new Error('the tarpits never crawled')
    await sleep(500)
  }

  const asked = performance.now()
  const runC = await startAudit(c)
  let third
  for (;;) {
    third = await run(c, runC)
    if (third.status !== 'running') break
    if (performance.now() - asked > 900_000) throw new Error('the third audit ran past 15 minutes')
    await sleep(100)
  }
  const finished = performance.now() - asked
  const [tarpitA, tarpitB] = [await run(a, runA), await run(b, runB)]
  printLoadAverage()
  console.log(
    `tarpits: ${DELAY_MS} ms per request, ${PAGES} pages each; server ${JSON.stringify(passed)}`,
  )
  console.log(`third audit: started ${seconds(quick.served.first - asked)} after Run audit`)
  console.log(
    `third audit: ${third.status} (${third.endReason}, ${third.pagesCrawled} pages) ${seconds(finished)} after Run audit`,
  )
  for (const [name, tarpit] of [
    ['tarpit A', tarpitA],
    ['tarpit B', tarpitB],
  ]) {
    console.log(`${name} meanwhile: ${tarpit.status}, ${tarpit.pagesCrawled} pages so far`)
  }
  if (process.env.WAIT_TARPITS === '1') {
    for (const [name, token, id] of [
      ['tarpit A', a, runA],
      ['tarpit B', b, runB],
    ]) {
      let ended
      while ((ended = await run(token, id)).status === 'running') await sleep(1_000)
      const took = new Date(ended.finishedAt) - new Date(ended.startedAt)
      console.log(
        `${name}: ${ended.status} (${ended.endReason}, ${ended.pagesCrawled} pages) after ${seconds(took)}`,
      )
    }
  }
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  await server.stop()
  for (const s of [slowA, slowB, quick]) await s.close()
}
