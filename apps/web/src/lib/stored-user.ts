// The stored user's schema. Loaded on demand (see user-storage.ts): it pulls in zod and the shared
// business module, which a first visit to the landing page does not need. zod/mini, as everything the
// dashboard's first screen imports (docs/decisions/019-compressed-assets-and-preloading.md).
import { businessSchema } from '@localseo/shared/business'
import * as z from 'zod/mini'

const appUserSchema = z.object({
  id: z.string().check(z.minLength(1)),
  email: z.string(),
  name: z.string(),
  business: businessSchema,
  googleConnections: z.object({ searchConsole: z.boolean(), analytics: z.boolean() }),
})

export type AppUser = z.infer<typeof appUserSchema>
export type GoogleConnections = AppUser['googleConnections']

/** The user in `raw`, or null when it is not JSON or not a user. */
export function parseStoredUser(raw: string): AppUser | null {
  try {
    const parsed = appUserSchema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
