// One path for every AI task (issue 5): validate the request, answer from the built-in engine when
// no model is configured, otherwise take one call from the daily quota, ask the model, validate its
// answer, and fall back (docs/product.md §8) with the cause logged when anything goes wrong.
import type { z } from 'zod'
import type { Db } from '../db/client.js'
import type { Clock } from '../lib/clock.js'
import { AppError } from '../lib/errors.js'
import type { Logger } from '../lib/logger.js'
import { AiProviderError, type AiProvider, type ChatPrompt } from './provider.js'
import { consumeAiQuota } from './quota.js'

type AiTaskName =
  'keyword-analysis' | 'recommendations' | 'backlink-analysis' | 'content-ideas' | 'review-reply'

export interface AiTask<Input, ModelOutput, Result> {
  name: AiTaskName
  input: z.ZodType<Input>
  modelOutput: z.ZodType<ModelOutput>
  prompt(input: Input): ChatPrompt
  fromModel(input: Input, output: ModelOutput): Result
  builtIn(input: Input): Result
  /** docs/product.md §8; throws where the spec says the task fails instead. */
  fallback(input: Input): Result
}

export interface AiTaskContext {
  db: Db
  clock: Clock
  logger: Logger
  dailyQuota: number
  /** Unset: the built-in engine answers. */
  provider: AiProvider | undefined
}

function validationError(error: z.ZodError): AppError {
  const issues = error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }))
  return new AppError('validation_failed', 'Some fields are missing or invalid.', issues)
}

async function askModel<Input, ModelOutput>(
  provider: AiProvider,
  task: AiTask<Input, ModelOutput, unknown>,
  input: Input,
): Promise<ModelOutput> {
  const json = await provider.completeJson(task.prompt(input))
  const parsed = task.modelOutput.safeParse(json)
  if (!parsed.success) {
    const where = parsed.error.issues.slice(0, 5).map((i) => i.path.join('.') || '(root)')
    throw new AiProviderError(
      'invalid_output',
      `The model's JSON did not match the expected shape at ${where.join(', ')}.`,
    )
  }
  return parsed.data
}

export async function runAiTask<Input, ModelOutput, Result>({
  context,
  task,
  userId,
  request,
}: {
  context: AiTaskContext
  task: AiTask<Input, ModelOutput, Result>
  userId: string
  request: unknown
}): Promise<Result> {
  // Invalid requests stop here: no quota is used and the model is never called.
  const parsedInput = task.input.safeParse(request)
  if (!parsedInput.success) throw validationError(parsedInput.error)
  const input = parsedInput.data
  const { provider } = context
  if (!provider) return task.builtIn(input)

  await consumeAiQuota({
    db: context.db,
    userId,
    now: context.clock.now(),
    limit: context.dailyQuota,
  })
  let output: ModelOutput
  try {
    output = await askModel(provider, task, input)
  } catch (error) {
    const cause =
      error instanceof AiProviderError
        ? { reason: error.reason, status: error.status, message: error.message }
        : { reason: 'unexpected', message: error instanceof Error ? error.message : String(error) }
    // Never the prompt or the key: the cause and the task are enough to diagnose.
    context.logger.warn(
      { task: task.name, userId, model: provider.model, cause },
      'AI model failed; using the fallback (docs/product.md §8)',
    )
    return task.fallback(input)
  }
  return task.fromModel(input, output)
}
