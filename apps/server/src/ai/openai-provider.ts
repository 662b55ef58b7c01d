// OpenAI-compatible chat completions (docs/product.md §7) with the `openai` SDK: any endpoint that speaks the
// protocol works through OPENAI_BASE_URL, a local model server included.
import OpenAI from 'openai'
import { AiProviderError, type AiProvider, type ChatPrompt } from './provider.js'

export interface OpenAiProviderOptions {
  apiKey: string
  baseURL?: string
  model: string
  timeoutMs: number
  /** Wait before the single retry; a 429's Retry-After is honoured up to MAX_RETRY_WAIT_MS. */
  retryDelayMs?: number
}

const MAX_RETRY_WAIT_MS = 2_000

/** Exactly one retry, and only for rate limiting or a server-side failure (issue 5). */
function isRetryable(error: unknown): error is InstanceType<typeof OpenAI.APIError> {
  return (
    error instanceof OpenAI.APIError &&
    typeof error.status === 'number' &&
    (error.status === 429 || error.status >= 500)
  )
}

function retryWaitMs(error: InstanceType<typeof OpenAI.APIError>, fallbackMs: number): number {
  const header = error.headers?.get('retry-after')
  const seconds = header === null || header === undefined ? NaN : Number(header)
  if (error.status === 429 && Number.isFinite(seconds) && seconds >= 0) {
    return Math.min(seconds * 1000, MAX_RETRY_WAIT_MS)
  }
  return fallbackMs
}

function toProviderError(error: unknown): AiProviderError {
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new AiProviderError('timeout', 'The model did not answer in time.')
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new AiProviderError('network', `Could not reach the model endpoint: ${error.message}`)
  }
  if (error instanceof OpenAI.APIError) {
    const status: unknown = error.status
    const code = typeof status === 'number' ? status : undefined
    return new AiProviderError(
      'http_status',
      `The model endpoint answered HTTP ${code ?? 'error'}.`,
      code,
    )
  }
  return new AiProviderError('network', error instanceof Error ? error.message : String(error))
}

export function createOpenAiProvider(options: OpenAiProviderOptions): AiProvider {
  const client = new OpenAI({
    apiKey: options.apiKey,
    // Explicit values, so the SDK does not read process.env itself (env.ts is the only reader).
    baseURL: options.baseURL ?? 'https://api.openai.com/v1',
    organization: null,
    project: null,
    webhookSecret: null,
    adminAPIKey: null,
    timeout: options.timeoutMs,
    // The SDK would also retry timeouts, 408 and 409 up to twice; we retry once, on 429/5xx only.
    maxRetries: 0,
  })
  const retryDelayMs = options.retryDelayMs ?? 500

  async function request(prompt: ChatPrompt) {
    return client.chat.completions.create({
      model: options.model,
      messages: [
        { role: 'system', content: prompt.system },
        { role: 'user', content: prompt.user },
      ],
      response_format: { type: 'json_object' },
    })
  }

  return {
    model: options.model,
    async completeJson(prompt) {
      let completion
      try {
        try {
          completion = await request(prompt)
        } catch (error) {
          if (!isRetryable(error)) throw error
          await new Promise((resolve) => setTimeout(resolve, retryWaitMs(error, retryDelayMs)))
          completion = await request(prompt)
        }
      } catch (error) {
        throw toProviderError(error)
      }
      const content = completion.choices?.[0]?.message?.content
      if (typeof content !== 'string' || content.trim() === '') {
        throw new AiProviderError('empty_response', 'The model answered without any content.')
      }
      try {
        return JSON.parse(content) as unknown
      } catch {
        throw new AiProviderError('invalid_json', 'The model did not answer with valid JSON.')
      }
    },
  }
}
