// The white label and recipients of a business's reports (issue 35 item 4): read for the Reports
// screen and the PDF, saved from the screen. The logo is checked here, after the shape: its bytes
// must be the PNG or JPEG it says and at most 200 KB (docs/house-rules.md "Bad input changes nothing").
import { eq } from 'drizzle-orm'
import {
  DEFAULT_REPORT_COLOR,
  DEFAULT_REPORT_TITLE,
  logoMatchesType,
  REPORT_LOGO_MAX_BYTES,
  type ReportSettings,
  type ReportSettingsInput,
} from '@localseo/shared/reports'
import type { Db } from '../../db/client.js'
import { reportSettings } from '../../db/schema/reports.js'
import { AppError } from '../../lib/errors.js'
import type { ReportBranding } from './report-pdf.js'

export async function getReportSettings(db: Db, businessId: string): Promise<ReportSettings> {
  const [row] = await db
    .select()
    .from(reportSettings)
    .where(eq(reportSettings.businessId, businessId))
  return {
    title: row?.title ?? '',
    color: row?.color ?? DEFAULT_REPORT_COLOR,
    recipients: row?.recipients ?? [],
    logo: row?.logo && row.logoType ? { type: row.logoType, data: row.logo } : null,
  }
}

/** What the PDF draws with: the saved label, or the defaults. */
export function brandingOf(settings: ReportSettings): ReportBranding {
  return {
    title: settings.title || DEFAULT_REPORT_TITLE,
    color: settings.color,
    logo: settings.logo ? Buffer.from(settings.logo.data, 'base64') : null,
  }
}

function checkLogo(logo: NonNullable<ReportSettingsInput['logo']>) {
  const bytes = Buffer.from(logo.data, 'base64')
  const issue = (message: string) =>
    new AppError('validation_failed', 'Some fields are missing or invalid.', [
      { path: 'logo', message },
    ])
  if (bytes.length > REPORT_LOGO_MAX_BYTES) throw issue('The logo must be 200 KB or smaller.')
  if (!logoMatchesType(bytes, logo.type)) throw issue('The logo must be a PNG or JPEG image.')
}

export async function saveReportSettings(
  db: Db,
  businessId: string,
  input: ReportSettingsInput,
  now: Date,
): Promise<ReportSettings> {
  if (input.logo) checkLogo(input.logo)
  const values = {
    title: input.title,
    color: input.color.toLowerCase(),
    recipients: input.recipients,
    updatedAt: now,
    // Absent keeps the saved logo; null removes it.
    ...(input.logo === undefined
      ? {}
      : { logo: input.logo?.data ?? null, logoType: input.logo?.type ?? null }),
  }
  await db
    .insert(reportSettings)
    .values({ businessId, ...values })
    .onConflictDoUpdate({ target: reportSettings.businessId, set: values })
  return getReportSettings(db, businessId)
}
