// The stored user's schema. Loaded on demand (see user-storage.ts): it pulls in zod and the shared
// business module, which a first visit to the landing page does not need.
import { businessSchema } from '@localseo/shared/business'
import { z } from 'zod'

const appUserSchema = z.object({
  id: z.string().min(1),
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
