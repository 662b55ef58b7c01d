// Gzip size of the JavaScript the landing page loads: the entry script and its modulepreloads, as
// listed in the built index.html. Target: at most 150 KB (issue 2); feature screens are lazy.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const dist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url))
const html = readFileSync(path.join(dist, 'index.html'), 'utf8')
const scripts = [
  ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
].map((m) => m[1])

let total = 0
const rows = [...new Set(scripts)].map((src) => {
  const bytes = readFileSync(path.join(dist, src.replace(/^\//, '')))
  const gzip = gzipSync(bytes, { level: 9 }).length
  total += gzip
  return {
    file: src,
    'raw KB': +(bytes.length / 1024).toFixed(1),
    'gzip KB': +(gzip / 1024).toFixed(1),
  }
})
console.table(rows)
const kb = total / 1024
console.log(
  `Landing page JavaScript: ${kb.toFixed(1)} KB gzip (target <= 150 KB) ${kb <= 150 ? 'OK' : 'OVER'}`,
)
process.exitCode = kb <= 150 ? 0 : 1
