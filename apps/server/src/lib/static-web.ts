// Serves the built web app: hashed assets cached for a year, every other path falls back to
// index.html so the client router can take it (history fallback). Source maps are never served:
// the build writes them 'hidden' (apps/web/vite.config.ts) for debugging and error reports, and
// they carry the whole source (`sourcesContent`), so a request for any *.map is a 404.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono, type MiddlewareHandler } from 'hono'

/** `*.map`, also when spelled with percent escapes or in another case. */
function isSourceMap(requestPath: string): boolean {
  let decoded = requestPath
  try {
    decoded = decodeURIComponent(requestPath)
  } catch {
    // Malformed escapes: judged as written (serveStatic refuses '%' in paths anyway).
  }
  return /\.map\/?$/i.test(requestPath) || /\.map\/?$/i.test(decoded)
}

export function staticWeb(distDir: string): Hono {
  const web = new Hono()
  const indexPath = path.join(distDir, 'index.html')
  if (!existsSync(indexPath)) {
    web.get('*', (c) =>
      c.text('The web app is not built yet. Run `npm run build`, or use `npm run dev`.', 503),
    )
    return web
  }
  const indexHtml = readFileSync(indexPath, 'utf8')
  const root = path.relative(process.cwd(), distDir) || '.'

  // serveStatic builds its response before onFound runs, so caching headers are set afterwards.
  const cacheControl =
    (value: string): MiddlewareHandler =>
    async (c, next) => {
      await next()
      if (c.res.status === 200 && !c.res.headers.has('Cache-Control')) {
        c.res.headers.set('Cache-Control', value)
      }
    }

  web.use('*', async (c, next) => {
    if (isSourceMap(c.req.path)) return c.text('Not found', 404)
    await next()
  })
  web.use('/assets/*', cacheControl('public, max-age=31536000, immutable'), serveStatic({ root }))
  web.get('/assets/*', (c) => c.text('Not found', 404))
  web.use('*', cacheControl('no-cache'), serveStatic({ root }))
  web.get('*', (c) => {
    c.header('Cache-Control', 'no-cache')
    return c.html(indexHtml)
  })
  return web
}
