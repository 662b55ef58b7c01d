// The seam between the AI tasks and a remote model (docs/house-rules.md "ai/"): a task hands over a system
// and a user message and gets back parsed JSON, or an AiProviderError saying why not.

export interface ChatPrompt {
  system: string
  user: string
}

export interface AiProvider {
  /** The model name shown on the Settings card; never the key or the endpoint. */
  readonly model: string
  /** Resolves with the parsed JSON object the model answered with. */
  completeJson(prompt: ChatPrompt): Promise<unknown>
}

export type AiFailureReason =
  'timeout' | 'http_status' | 'network' | 'empty_response' | 'invalid_json' | 'invalid_output'

/** Why the remote model gave no usable answer; logged with every fallback (issue 5). */
export class AiProviderError extends Error {
  constructor(
    readonly reason: AiFailureReason,
    message: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'AiProviderError'
  }
}
