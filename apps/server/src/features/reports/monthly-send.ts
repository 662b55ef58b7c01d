// The monthly report by email (issue 35 item 4, docs/decisions/047-pdf-reports.md "Monthly send"):
// on the 1st of the month in the business's time zone, the planner's tick sends one job per
// business with recipients for last month (pg-boss singleton key business:month); the job claims
// the month in report_sends (its primary key) before it builds and sends, so a retried job or a
// second instance does not send twice. A send that fails gives the claim back for the retry.
import { and, eq, isNull, sql } from 'drizzle-orm'
import { MAIN_LOCATION, resolveLocation } from '@localseo/shared/location-selection'
import { businesses } from '../../db/schema/business.js'
import { reportSends, reportSettings } from '../../db/schema/reports.js'
import type { AppDeps } from '../../lib/deps.js'
import { getBusinessById } from '../../lib/tenant.js'
import { escapeHtml, htmlEmail, PRODUCT_NAME } from '../../mail/templates.js'
import { googleOAuthConfig } from '../integrations/public.js'
import { monthTitle } from './report-month.js'
import { brandingOf, getReportSettings } from './report-settings.js'
import { reportUnsubscribeUrl } from './report-unsubscribe.js'
import { buildReportPdf, monthsWithData } from './reports.service.js'

const MONTHLY_REPORT_QUEUE = 'reports.monthly'

/** The 1st, and two more days should the app be down on the 1st: then it is sent late, once. */
const SEND_DAYS = 3
/** A claim whose job died (kill -9) before it sent is taken again after this long. */
const CLAIM_LEASE_MS = 30 * 60 * 1000

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'clock' | 'mailer' | 'env' | 'logger' | 'jwtKeys'>

interface MonthlyJob {
  businessId: string
  month: string
}

/**
 * The businesses with recipients whose local date is in the first days of a month and whose last
 * month is not sent yet: one job each. Answers how many were sent to the queue.
 */
export async function sendDueMonthlyReports(deps: Deps): Promise<number> {
  const now = deps.clock.now().toISOString()
  const local = sql`(${now}::timestamptz at time zone ${businesses.timeZone})`
  const lastMonth = sql<string>`to_char(${local} - interval '1 month', 'YYYY-MM')`
  const due = await deps.db
    .select({ businessId: reportSettings.businessId, month: lastMonth })
    .from(reportSettings)
    .innerJoin(businesses, eq(businesses.id, reportSettings.businessId))
    .where(
      and(
        sql`cardinality(${reportSettings.recipients}) > 0`,
        sql`extract(day from ${local}) <= ${SEND_DAYS}`,
        sql`not exists (select 1 from ${reportSends} where ${reportSends.businessId} = ${reportSettings.businessId} and ${reportSends.month} = ${lastMonth} and ${reportSends.sentAt} is not null)`,
      ),
    )
  for (const job of due) {
    await deps.jobs.send(
      MONTHLY_REPORT_QUEUE,
      job satisfies MonthlyJob,
      `${job.businessId}:${job.month}`,
    )
  }
  return due.length
}

/** Takes the month for this job; false when it is sent or another job is sending it. */
async function claimMonth(deps: Deps, job: MonthlyJob, recipients: string[]) {
  const now = deps.clock.now()
  const leaseEnded = new Date(now.getTime() - CLAIM_LEASE_MS).toISOString()
  const claimed = await deps.db
    .insert(reportSends)
    .values({ businessId: job.businessId, month: job.month, recipients, claimedAt: now })
    .onConflictDoUpdate({
      target: [reportSends.businessId, reportSends.month],
      set: { claimedAt: now, recipients },
      setWhere: sql`${reportSends.sentAt} is null and ${reportSends.claimedAt} < ${leaseEnded}::timestamptz`,
    })
    .returning({ month: reportSends.month })
  return claimed.length > 0
}

function reportMail(opts: {
  to: string
  businessName: string
  month: string
  title: string
  unsubscribeUrl: string
}) {
  const month = monthTitle(opts.month)
  const line = `Here is ${opts.businessName}'s ${opts.title.toLowerCase()} for ${month}, attached as a PDF.`
  const why = `You get it because ${opts.businessName} added your address to its monthly report.`
  return {
    to: opts.to,
    subject: `${opts.businessName}: ${opts.title}, ${month}`,
    text: [
      line,
      '',
      why,
      `Stop these emails: ${opts.unsubscribeUrl}`,
      '',
      `— ${PRODUCT_NAME}`,
    ].join('\n'),
    html: htmlEmail(
      `<p>${escapeHtml(line)}</p>
<p style="color: #6b7280; font-size: 13px">${escapeHtml(why)} <a href="${escapeHtml(opts.unsubscribeUrl)}">Stop these emails</a></p>`,
    ),
  }
}

/** One business's report for one month, to its recipients, once. */
export async function sendMonthlyReport(deps: Deps, job: MonthlyJob): Promise<void> {
  const business = await getBusinessById(deps.db, job.businessId)
  if (!business) return
  const settings = await getReportSettings(deps.db, business.id)
  if (settings.recipients.length === 0) return
  if (!(await claimMonth(deps, job, settings.recipients))) return
  const claim = and(eq(reportSends.businessId, business.id), eq(reportSends.month, job.month))
  try {
    const location = resolveLocation(business, MAIN_LOCATION)
    // A month with nothing to tell is done without an email, not tried again every minute.
    if ((await monthsWithData(deps.db, business, location)).includes(job.month)) {
      const branding = brandingOf(settings)
      const { pdf, filename } = await buildReportPdf({
        db: deps.db,
        business,
        location,
        month: job.month,
        now: deps.clock.now(),
        sample: !googleOAuthConfig(deps.env),
        branding,
      })
      for (const to of settings.recipients) {
        await deps.mailer.send({
          ...reportMail({
            to,
            businessName: business.name,
            month: job.month,
            title: branding.title,
            unsubscribeUrl: await reportUnsubscribeUrl(deps, business.id, to),
          }),
          attachments: [{ filename, contentType: 'application/pdf', content: pdf }],
        })
      }
    }
    await deps.db.update(reportSends).set({ sentAt: deps.clock.now() }).where(claim)
  } catch (error) {
    await deps.db.delete(reportSends).where(and(claim, isNull(reportSends.sentAt)))
    throw error
  }
}

export function defineReportJobs(deps: Deps) {
  deps.jobs.define<MonthlyJob>({
    name: MONTHLY_REPORT_QUEUE,
    retryLimit: 3,
    retryDelaySeconds: 300,
    expireInSeconds: 10 * 60,
    concurrency: 1,
    handle: (job) => sendMonthlyReport(deps, job),
  })
}
