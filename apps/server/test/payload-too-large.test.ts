// A body over the limit on a real listening server (issue 14 item 6): the 413 says
// `Connection: close` and the server closes that connection once the answer is written, so the
// unread rest of the body can never be read as the next request; the client's next request on the
// same keep-alive agent gets a fresh connection and a normal answer.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../src/testing/app.js'

let t: TestApp
let server: ServerType
let port: number

beforeAll(async () => {
  t = await createTestApp()
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise<void>((resolve) => server.once('listening', resolve))
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await t.close()
})

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
  /** The local port of the client's socket: the same port means the same connection. */
  socketPort: number
  /** Resolves when that socket has closed. */
  socketClosed: Promise<void>
}

/** One request through `agent`, the body written in 64 KiB pieces (chunked when no length is given). */
function send(
  agent: http.Agent,
  options: { method: string; path: string; body?: Buffer; chunked?: boolean },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (options.body && !options.chunked) headers['content-length'] = String(options.body.length)
    const req = http.request(
      { host: '127.0.0.1', port, method: options.method, path: options.path, agent, headers },
      (res) => {
        const socket = res.socket
        const socketPort = socket.localPort ?? 0
        const socketClosed = new Promise<void>((done) => {
          if (socket.destroyed) done()
          else socket.once('close', () => done())
        })
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            socketPort,
            socketClosed,
          }),
        )
        res.on('error', reject)
      },
    )
    // Without the close, the next request waited behind the unread body: fail fast instead.
    req.setTimeout(5_000, () => req.destroy(new Error(`${options.path} got no answer in 5 s`)))
    // The server may answer and close before the whole body is sent; that is the point.
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error)
    })
    const body = options.body
    if (!body) return req.end()
    let offset = 0
    const writeMore = () => {
      while (offset < body.length) {
        const piece = body.subarray(offset, offset + 64 * 1024)
        offset += piece.length
        if (!req.write(piece)) return req.once('drain', writeMore)
      }
      req.end()
    }
    writeMore()
  })
}

const oversized = () => Buffer.from(JSON.stringify({ blob: 'x'.repeat(2 * 1024 * 1024) }))

describe('413 on a keep-alive connection', () => {
  test.each([
    ['/api/business', 'PUT', false],
    ['/api/business', 'PUT', true],
    ['/auth/v1/signup', 'POST', false],
    ['/auth/v1/signup', 'POST', true],
  ] as const)(
    '%s %s (chunked: %s): Connection: close, and the next request works',
    async (path, method, chunked) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
      try {
        // A first request proves the agent keeps its connection alive.
        const warm = await send(agent, { method: 'GET', path: '/healthz' })
        expect(warm.status).toBe(200)
        expect(warm.headers.connection).toBe('keep-alive')
        const again = await send(agent, { method: 'GET', path: '/healthz' })
        expect(again.socketPort).toBe(warm.socketPort)

        const refused = await send(agent, { method, path, body: oversized(), chunked })
        expect(refused.status).toBe(413)
        expect(refused.headers.connection).toBe('close')
        expect(refused.body).toMatch(/payload_too_large|request_entity_too_large/)
        expect(refused.socketPort).toBe(warm.socketPort)
        await refused.socketClosed

        // The next request on the same agent is answered normally, on a fresh connection.
        const next = await send(agent, { method: 'GET', path: '/healthz' })
        expect(next.status).toBe(200)
        expect(JSON.parse(next.body)).toMatchObject({ status: 'ok' })
        expect(next.socketPort).not.toBe(refused.socketPort)
        const small = await send(agent, {
          method: 'POST',
          path: '/auth/v1/token?grant_type=password',
          body: Buffer.from(JSON.stringify({ email: 'nobody@example.com', password: 'x' })),
        })
        expect(small.status).toBe(400)
      } finally {
        agent.destroy()
      }
    },
  )
})
