// A local OpenAI-compatible chat completions server for tests (docs/house-rules.md "Tests": mock only third
// parties). Loopback only; each test scripts its answers and reads what the stub received.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

interface StubRequest {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: {
    model?: string
    messages?: { role: string; content: string }[]
    response_format?: { type: string }
  }
}

export interface StubAnswer {
  status?: number
  /** The assistant message content (a string: tests send invalid JSON this way too). */
  content?: string
  /** A raw body instead of a chat completion, for error answers. */
  body?: unknown
  headers?: Record<string, string>
  delayMs?: number
}

/** A successful completion whose message content is `value` as JSON. */
export const jsonAnswer = (value: unknown): StubAnswer => ({ content: JSON.stringify(value) })

function completion(content: string, model: string) {
  return {
    id: 'chatcmpl-stub',
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  }
}

export async function startOpenAiStub() {
  const requests: StubRequest[] = []
  let answers: StubAnswer[] = []
  let fallbackAnswer: StubAnswer = {
    status: 500,
    body: { error: { message: 'no answer scripted' } },
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      let body: StubRequest['body'] = {}
      try {
        body = JSON.parse(text) as StubRequest['body']
      } catch {
        body = {}
      }
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      const answer = answers.shift() ?? fallbackAnswer
      const send = () => {
        if (res.destroyed) return
        const status = answer.status ?? 200
        const payload =
          answer.body ?? completion(answer.content ?? '{}', body.model ?? 'stub-model')
        res.writeHead(status, { 'content-type': 'application/json', ...answer.headers })
        res.end(JSON.stringify(payload))
      }
      if (answer.delayMs) setTimeout(send, answer.delayMs).unref()
      else send()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    /** Answers for the next requests, in order; afterwards every request gets `otherwise`. */
    script(next: StubAnswer[], otherwise?: StubAnswer) {
      answers = [...next]
      if (otherwise) fallbackAnswer = otherwise
    },
    reset() {
      requests.length = 0
      answers = []
      fallbackAnswer = { status: 500, body: { error: { message: 'no answer scripted' } } }
    },
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type OpenAiStub = Awaited<ReturnType<typeof startOpenAiStub>>
