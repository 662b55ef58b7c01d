// The one place all request input passes before any route sees it (docs/decisions/012-input-guard.md).
// Text that PostgreSQL or the URI functions cannot take is refused here, once, for every route:
// a NUL character (PostgreSQL: "invalid byte sequence 0x00"), a lone UTF-16 surrogate (not
// encodable as UTF-8: URIError, or a silent U+FFFD), a path segment with broken percent-encoding,
// and JSON nested deeper than any of our bodies could be.
import type { Context, MiddlewareHandler } from 'hono'

/** Deeper than any body the API takes; user metadata has its own, smaller bound. */
export const MAX_JSON_DEPTH = 32

export interface InputProblem {
  /** Where the bad text is: `path`, `query.<name>` or `body.<a.b.c>`. */
  where: string
  message: string
}

const NUL = '\u0000'
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

function textProblem(text: string): string | undefined {
  if (text.includes(NUL)) return 'Must not contain a NUL character.'
  if (LONE_SURROGATE.test(text)) return 'Must be valid Unicode text (a lone surrogate was sent).'
  return undefined
}

function pathProblem(pathname: string): InputProblem | undefined {
  for (const segment of pathname.split('/')) {
    let decoded: string
    try {
      decoded = decodeURIComponent(segment)
    } catch {
      return { where: 'path', message: 'The path is not valid percent-encoded UTF-8.' }
    }
    const message = textProblem(decoded)
    if (message) return { where: 'path', message }
  }
  return undefined
}

function queryProblem(search: URLSearchParams): InputProblem | undefined {
  for (const [name, value] of search) {
    const message = textProblem(name) ?? textProblem(value)
    if (message) return { where: `query.${textProblem(name) ? '?' : name}`, message }
  }
  return undefined
}

/** The deepest nesting of objects and arrays in a JSON text, counted without parsing it. */
export function jsonDepth(text: string): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (inString) {
      if (char === '\\') i++
      else if (char === '"') inString = false
    } else if (char === '"') inString = true
    else if (char === '{' || char === '[') deepest = Math.max(deepest, ++depth)
    else if (char === '}' || char === ']') depth--
  }
  return deepest
}

/** The first key or string in a parsed JSON value that PostgreSQL could not store. */
function valueProblem(root: unknown): InputProblem | undefined {
  const stack: { value: unknown; where: string[] }[] = [{ value: root, where: [] }]
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, where } = item
    if (typeof value === 'string') {
      const message = textProblem(value)
      if (message) return { where: ['body', ...where].join('.'), message }
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        const message = textProblem(key)
        if (message) return { where: ['body', ...where, '?'].join('.'), message }
        stack.push({ value: child, where: [...where, key] })
      }
    }
  }
  return undefined
}

function bodyProblem(text: string): InputProblem | undefined {
  if (jsonDepth(text) > MAX_JSON_DEPTH) {
    return { where: 'body', message: `JSON must not be nested more than ${MAX_JSON_DEPTH} deep.` }
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return undefined // malformed JSON: each mount answers it in its own words
  }
  return valueProblem(parsed)
}

const isJson = (c: Context) => /^application\/json\b/i.test(c.req.header('Content-Type') ?? '')

/** The first problem with a request's path, query string or JSON body; undefined when clean. */
export async function findInputProblem(c: Context): Promise<InputProblem | undefined> {
  const url = new URL(c.req.url)
  const problem = pathProblem(url.pathname) ?? queryProblem(url.searchParams)
  // The content type first: asking for the body makes the Node adapter build a full Fetch Request,
  // which a read without a JSON body never needs (issue 19 item 4).
  if (problem || !isJson(c) || !c.req.raw.body) return problem
  // Read through Hono's body cache, so the route's own c.req.json() reads the same text.
  return bodyProblem(await c.req.text())
}

/**
 * Refuses hostile input before the routes of one mount; `refuse` answers in that mount's error
 * shape. Mount it after the body limit, so a body is only read once it is known to be small enough.
 */
export function inputGuard(
  refuse: (c: Context, problem: InputProblem) => Response,
): MiddlewareHandler {
  return async (c, next) => {
    const problem = await findInputProblem(c)
    if (problem) return refuse(c, problem)
    await next()
  }
}
