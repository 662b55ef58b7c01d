// Names are one line (issue 31 item 6): a business, location, keyword or anchor text with a line break
// in it would break every single-line place it is shown or sent (a heading, a CSV row, an email
// subject, a search query), so the schemas refuse it as a validation error instead of storing it.
import { z } from 'zod'

/** CR, LF, vertical tab, form feed, NEL, and the Unicode line and paragraph separators. */
const LINE_BREAK = /[\n\v\f\r\u0085\u2028\u2029]/u

export const isSingleLine = (value: string) => !LINE_BREAK.test(value)

export const oneLineMessage = (label: string) => `${label} must be on one line.`

/**
 * Trimmed text that must be on one line; `label` names it in the message. A line break at either end
 * is trimmed away like any other whitespace; one inside the text is refused.
 */
export const singleLineText = (label: string) =>
  z.string().trim().refine(isSingleLine, oneLineMessage(label))
