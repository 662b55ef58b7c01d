// A 500-page fixture website for the crawl benchmark, run in its own process so the crawler's memory
// is measured alone. Slugs are words (no numbers), so no URL-pattern trap cap applies; every page
// links to its section, to the next 8 pages and back home. Prints its port to the parent.
import { createServer } from 'node:http'

const WORDS =
  `alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar
  papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu`.split(/\s+/)
const SECTIONS = WORDS.slice(0, 20)
const PER_SECTION = 25 - 1 // + the section page itself = 25 per section, 500 in all

const slug = (i) =>
  `${WORDS[i % WORDS.length]}-${WORDS[Math.floor(i / WORDS.length) % WORDS.length]}`
const paths = ['/']
for (const section of SECTIONS) {
  paths.push(`/${section}/`)
  for (let i = 0; i < PER_SECTION; i++) paths.push(`/${section}/${slug(i)}`)
}
paths.length = 500
const text = (seed) =>
  Array.from({ length: 600 }, (_, i) => WORDS[(seed * 7 + i * 13) % WORDS.length]).join(' ')

function page(path, index) {
  const next = paths.slice(index + 1, index + 9).map((p) => `<a href="${p}">Read about ${p}</a>`)
  const sections = SECTIONS.map((s) => `<a href="/${s}/">${s} services</a>`).join(' ')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${path} | Bench Dental</title>
<meta name="description" content="Benchmark page ${path} of the Bench Dental site, with text, links and markup like a real small-business page.">
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><nav>${sections}</nav><h1>Page ${path}</h1><p>${text(index)}</p>${next.join(' ')}
<footer>Bench Dental, 100 Congress Ave, Austin, TX 78701, <a href="tel:+15125550100">(512) 555-0100</a></footer></body></html>`
}

const bodies = new Map(paths.map((p, i) => [p, page(p, i)]))
const server = createServer((req, res) => {
  const body = bodies.get(req.url ?? '/')
  if (!body) return res.writeHead(404).end()
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body)
})
server.listen(0, '127.0.0.1', () =>
  process.send?.({ port: server.address().port, pages: bodies.size }),
)
process.on('disconnect', () => server.close(() => process.exit(0)))
