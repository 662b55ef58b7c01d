// Serves the built web app: hashed assets cached for a year, every other path falls back to
// index.html so the client router can take it (history fallback), each in brotli or gzip when the
// client accepts it (lib/static-files.ts). Source maps are never served: the build writes them
// 'hidden' (apps/web/vite.config.ts) for debugging and error reports, and they carry the whole
// source (`sourcesContent`), so a request for any *.map is a 404.
import { existsSync } from 'node:fs'
import { Hono } from 'hono'
import { listStaticFiles, sendStaticFile, type StaticFile } from './static-files.js'

const IMMUTABLE = 'public, max-age=31536000, immutable'

/** `*.map`, also when spelled with percent escapes or in another case. */
function isSourceMap(requestPath: string): boolean {
  let decoded = requestPath
  try {
    decoded = decodeURIComponent(requestPath)
  } catch {
    // Malformed escapes: judged as written.
  }
  return /\.map\/?$/i.test(requestPath) || /\.map\/?$/i.test(decoded)
}

export function staticWeb(distDir: string): Hono {
  const web = new Hono()
  const files = existsSync(distDir) ? listStaticFiles(distDir) : new Map<string, StaticFile>()
  const index = files.get('/index.html')
  if (!index) {
    web.get('*', (c) =>
      c.text('The web app is not built yet. Run `npm run build`, or use `npm run dev`.', 503),
    )
    return web
  }

  web.use('*', async (c, next) => {
    if (isSourceMap(c.req.path)) return c.text('Not found', 404)
    await next()
  })
  web.get('/assets/*', (c) => {
    const file = files.get(c.req.path)
    return file ? sendStaticFile(c, file, IMMUTABLE) : c.text('Not found', 404)
  })
  web.get('*', (c) => sendStaticFile(c, files.get(c.req.path) ?? index, 'no-cache'))
  return web
}
