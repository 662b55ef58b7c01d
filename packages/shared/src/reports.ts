// Monthly reports (issue 35 item 4, docs/decisions/047-pdf-reports.md): the months a report can be
// made for, and the white label and recipients a business sets on the Reports screen.
import { z } from 'zod'

/** The largest logo kept (the PDF and every email carry it). */
export const REPORT_LOGO_MAX_BYTES = 200 * 1024
export const REPORT_RECIPIENTS_MAX = 10
export const REPORT_TITLE_MAX = 80
export const REPORT_LOGO_TYPES = ['image/png', 'image/jpeg'] as const
export const DEFAULT_REPORT_TITLE = 'Monthly local SEO report'
export const DEFAULT_REPORT_COLOR = '#1d4ed8'

export const reportMonthsSchema = z.object({ months: z.array(z.string()) })
export type ReportMonths = z.infer<typeof reportMonthsSchema>

const recipient = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter an email address.').max(254, 'That email address is too long.'))

/** The logo as sent and shown: its type and its bytes in base64. */
export const reportLogoSchema = z.object({
  type: z.enum(REPORT_LOGO_TYPES, 'The logo must be a PNG or JPEG image.'),
  data: z
    .string()
    .max(Math.ceil(REPORT_LOGO_MAX_BYTES / 3) * 4 + 4, 'The logo must be 200 KB or smaller.')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'The logo could not be read.'),
})
export type ReportLogo = z.infer<typeof reportLogoSchema>

/** PUT /api/reports/settings. `logo`: null removes it; absent keeps the saved one. */
export const reportSettingsInputSchema = z.object({
  title: z.string().trim().max(REPORT_TITLE_MAX, 'Keep the title to 80 characters.'),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Pick a colour as #rrggbb.'),
  recipients: z
    .array(recipient)
    .max(REPORT_RECIPIENTS_MAX, 'Send to at most 10 addresses.')
    .refine((list) => new Set(list).size === list.length, 'Each address once, please.'),
  logo: z.optional(z.nullable(reportLogoSchema)),
})
export type ReportSettingsInput = z.infer<typeof reportSettingsInputSchema>

export const reportSettingsSchema = z.object({
  title: z.string(),
  color: z.string(),
  recipients: z.array(z.string()),
  logo: z.nullable(reportLogoSchema),
})
export type ReportSettings = z.infer<typeof reportSettingsSchema>

/** Whether the bytes are what the type says: a PNG or JPEG signature. */
export function logoMatchesType(bytes: Uint8Array, type: ReportLogo['type']): boolean {
  if (type === 'image/png') {
    return [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)
  }
  return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff
}
