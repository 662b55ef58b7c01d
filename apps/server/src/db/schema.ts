// The schema object Drizzle's query builder is typed with: the product's tables and the auth tables.
import * as app from './schema/app.js'
import * as auth from './schema/auth.js'

export const schema = { ...app, ...auth }
export type Schema = typeof schema
