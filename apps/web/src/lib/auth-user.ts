// The user in a GET /auth/v1/user answer, for the start-up check without auth-js
// (lib/auth-before-client.ts). It checks what the auth store reads (the id, the email, the name in
// the metadata, the two-factor factors) and lets the rest through, as auth-js hands it on. It
// travels in the `signed-in` chunk (vite.config.ts), which a returning owner loads at the same
// time, so the landing page carries no zod. zod/mini, as everything the dashboard's first screen
// imports (docs/decisions/019-compressed-assets-and-preloading.md).
import type { User as AuthUser } from '@supabase/auth-js'
import * as z from 'zod/mini'

const factorSchema = z.looseObject({ id: z.string(), factor_type: z.string(), status: z.string() })

const authUserSchema = z.looseObject({
  id: z.string().check(z.minLength(1)),
  email: z.optional(z.string()),
  user_metadata: z.record(z.string(), z.unknown()),
  factors: z.optional(z.array(factorSchema)),
})

/** auth-js's User, as the server sent it: the fields the store reads are checked. */
export const authUserAnswerSchema = z.pipe(
  authUserSchema,
  z.transform((user) => user as unknown as AuthUser),
)
