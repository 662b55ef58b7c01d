// GET /dev/mail (a simple page) and /dev/mail.json: the local outbox, newest first, at most 50
// messages. The messages hold sign-in and password-reset links, so the outbox is never mounted in
// production (app.ts), is answered only to a loopback client, and only with the outbox key
// (DATA_DIR/dev-mail.key, mail/dev-mail-key.ts) as `?key=` or `Authorization: Bearer`. Anything else
// is the same 404 as an unknown path.
import { Hono, type HonoRequest } from 'hono'
import { clientIp, isLoopback } from '../lib/client-ip.js'
import type { AppDeps } from '../lib/deps.js'
import { errorBody } from '../lib/errors.js'
import { noStore } from '../lib/no-store.js'
import { devMailKeyMatches } from './dev-mail-key.js'
import { listOutbox } from './mailer.js'
import { escapeHtml } from './templates.js'

/** The key the client presented: `Authorization: Bearer <key>`, else `?key=`. */
function presentedKey(req: Pick<HonoRequest, 'header' | 'query'>): string | undefined {
  const bearer = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(req.header('Authorization') ?? '')
  return bearer?.[1] ?? req.query('key')
}

export function devMailRoutes(deps: AppDeps) {
  return new Hono()
    .use('*', async (c, next) => {
      if (
        !isLoopback(clientIp(c, deps.env.TRUST_PROXY)) ||
        !devMailKeyMatches(deps.devMailKey, presentedKey(c.req))
      ) {
        return c.json(errorBody('not_found', 'Not found.'), 404)
      }
      await next()
    })
    .use('*', noStore())
    .get('/mail.json', async (c) => c.json({ messages: await listOutbox(deps.db) }))
    .get('/mail', async (c) => {
      const messages = await listOutbox(deps.db)
      // Links back to the outbox keep the key (it passed the check above, so it is the right one).
      const keyQuery = `?key=${encodeURIComponent(deps.devMailKey ?? '')}`
      const items = messages
        .map(
          (m) => `<article>
<h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(m.createdAt)}</p>
${m.link ? `<p><a href="${escapeHtml(m.link)}" rel="noreferrer">${escapeHtml(m.link)}</a></p>` : ''}
<pre>${escapeHtml(m.text)}</pre>
</article>`,
        )
        .join('\n')
      return c.html(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Local outbox · LocalSEO AI</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 48rem; padding: 1rem; color: #111827 }
article { border: 1px solid #e5e7eb; border-radius: 8px; padding: 0 1rem; margin: 1rem 0 }
h2 { font-size: 1.05rem } .meta { color: #6b7280; font-size: 0.875rem }
a { overflow-wrap: anywhere } pre { white-space: pre-wrap; overflow-wrap: anywhere }
</style></head>
<body>
<h1>Local outbox</h1>
<p>Mail the server would have sent (no SMTP_URL is set), newest first, at most 50 messages.
<a href="/dev/mail${escapeHtml(keyQuery)}">Refresh</a> · <a href="/dev/mail.json${escapeHtml(keyQuery)}">JSON</a></p>
${items || '<p>No mail yet.</p>'}
</body>
</html>`)
    })
}
