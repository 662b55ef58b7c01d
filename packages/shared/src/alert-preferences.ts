// The alert topics an owner chooses in Settings → Alerts (issue 16 item 4): apart from alerts.ts,
// which the header's bell loads on every screen, since only Settings and the server read these
// (docs/decisions/019-compressed-assets-and-preloading.md).
import * as z from 'zod/mini'
import { ALERT_TOPICS } from './alerts.js'

export const alertPreferencesSchema = z.object({
  /** The topics the owner hears about; the others are neither listed nor emailed. */
  topics: z.array(z.enum(ALERT_TOPICS)),
})
export type AlertPreferences = z.infer<typeof alertPreferencesSchema>

export const alertPreferencesUpdateSchema = z.strictObject({
  topics: z.array(z.enum(ALERT_TOPICS, { message: 'Choose among the alert topics listed.' })).check(
    z.maxLength(ALERT_TOPICS.length),
    z.refine((topics) => new Set(topics).size === topics.length, {
      message: 'Each topic can be chosen once.',
    }),
  ),
})
