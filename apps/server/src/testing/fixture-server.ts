// Local web servers for fetch tests: fixture pages, redirectors and a canary that must never be hit.
// Loopback only (127.0.0.1, and ::1 when the machine has it); every server counts what it served.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FixturePage {
  status?: number
  headers?: Record<string, string>
  body?: string | Buffer
}

/** A page, or a handler for behaviour a static page cannot show (slow, endless, counting). */
export type FixtureRoute = FixturePage | ((req: IncomingMessage, res: ServerResponse) => void)

interface FixtureRequest {
  path: string
  headers: IncomingMessage['headers']
}

export interface FixtureServer {
  port: number
  /** http://127.0.0.1:port */
  origin: string
  /** '127.0.0.1:port', the form FETCH_ALLOW_HOSTS takes. */
  hostPort: string
  requests: FixtureRequest[]
  /** Requests served, on every address the server listens on. */
  hits(): number
  close(): Promise<void>
}

function listen(server: Server, port: number, host: string) {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
}

/**
 * Serves `routes` by path (query string included when a key has one); anything else is a 404, or
 * `fallback` when given. With `alsoIpv6`, the same port also answers on [::1] when possible.
 */
export async function startFixtureServer(
  routes: Record<string, FixtureRoute> = {},
  options: { fallback?: FixtureRoute; alsoIpv6?: boolean } = {},
): Promise<FixtureServer> {
  const requests: FixtureRequest[] = []
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/'
    requests.push({ path, headers: req.headers })
    const route = routes[path] ?? routes[path.split('?')[0] ?? path] ?? options.fallback
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>')
      return
    }
    if (typeof route === 'function') return route(req, res)
    res.writeHead(route.status ?? 200, {
      'content-type': 'text/html; charset=utf-8',
      ...route.headers,
    })
    res.end(route.body ?? '')
  }
  const servers = [createServer(handle)]
  await listen(servers[0]!, 0, '127.0.0.1')
  const port = (servers[0]!.address() as AddressInfo).port
  if (options.alsoIpv6) {
    const v6 = createServer(handle)
    try {
      await listen(v6, port, '::1')
      servers.push(v6)
    } catch {
      // No IPv6 loopback here: the IPv6 cases are still refused before any connection.
    }
  }
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    requests,
    hits: () => requests.length,
    async close() {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections()
              server.close(() => resolve())
            }),
        ),
      )
    },
  }
}

/** A page whose body is `html`. */
export const page = (html: string, headers: Record<string, string> = {}): FixturePage => ({
  body: html,
  headers,
})

/** A redirect to `location`. */
export const redirect = (location: string, status = 302): FixturePage => ({
  status,
  headers: { location },
})

/** A fake provider's request body as JSON, or null when it is not JSON. */
export function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')))
      } catch {
        resolve(null)
      }
    })
  })
}
