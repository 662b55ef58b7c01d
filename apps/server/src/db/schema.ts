// The schema object Drizzle's query builder is typed with: the product's tables, the auth tables and
// the AI usage counter.
import * as ai from './schema/ai.js'
import * as app from './schema/app.js'
import * as auth from './schema/auth.js'

export const schema = { ...app, ...auth, ...ai }
export type Schema = typeof schema
