// Serves the built web app: hashed assets cached for a year, every other path falls back to
// index.html so the client router can take it (history fallback).
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono, type MiddlewareHandler } from 'hono'

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

  web.use('/assets/*', cacheControl('public, max-age=31536000, immutable'), serveStatic({ root }))
  web.get('/assets/*', (c) => c.text('Not found', 404))
  web.use('*', cacheControl('no-cache'), serveStatic({ root }))
  web.get('*', (c) => {
    c.header('Cache-Control', 'no-cache')
    return c.html(indexHtml)
  })
  return web
}
