// Deleting a business and all its data (issue 35 item 6, docs/decisions/048-export-and-delete.md):
// the typed name must match; then Google is asked to end the grant (best effort), and one
// transaction cancels the business's waiting jobs and deletes its row, which every business table
// follows through its business_id's ON DELETE CASCADE (db/schema/business.ts businessIdColumn).
// The people stay: their accounts, and their other businesses.
import { eq, sql } from 'drizzle-orm'
import { confirmsBusinessName } from '@localseo/shared/owner-data'
import type { Tx } from '../../db/client.js'
import { businesses } from '../../db/schema/business.js'
import type { AppDeps } from '../../lib/deps.js'
import { AppError } from '../../lib/errors.js'
import { connectionRow, googleOAuthConfig, revokeAtGoogle } from '../integrations/public.js'

export const NAME_MISMATCH =
  'That is not the business name. Type it exactly as it is shown to delete the business.'

type Deps = Pick<AppDeps, 'db' | 'env' | 'logger' | 'secrets'>

/**
 * Cancels the business's jobs that have not started, in every queue: each job's data names its
 * business (pg-boss's table in the queue's schema, jobs/queue.ts), as `cancelWaiting` does for one.
 */
async function cancelWaitingJobs(tx: Tx, businessId: string) {
  await tx.execute(sql`
    update pgboss.job set state = 'cancelled', completed_on = now()
    where state in ('created', 'retry') and data @> ${JSON.stringify({ businessId })}::jsonb`)
}

export async function deleteBusiness(
  deps: Deps,
  business: { id: string; name: string },
  confirm: string,
): Promise<void> {
  if (!confirmsBusinessName(confirm, business.name)) {
    throw new AppError('validation_failed', NAME_MISMATCH, [
      { path: 'confirm', message: NAME_MISMATCH },
    ])
  }
  // Before the row goes, while its sealed token can still be opened; a refusal does not stop the
  // delete (the owner can remove the grant in their Google account), and is logged.
  const connection = await connectionRow(deps.db, business.id)
  const config = googleOAuthConfig(deps.env)
  if (connection && config) {
    const revoked = await revokeAtGoogle(deps, config, connection)
    if (!revoked) deps.logger.warn('deleted a business whose Google grant Google did not revoke')
  }
  await deps.db.transaction(async (tx) => {
    // FOR UPDATE, not lockBusiness's FOR NO KEY UPDATE: the row goes, so a job still writing the
    // business's rows is waited for here, before anything is removed (ADR 056).
    await tx
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.id, business.id))
      .for('update')
    // Waiting work goes with the rows it was for; a job already running ends on a missing business.
    await cancelWaitingJobs(tx, business.id)
    await tx.delete(businesses).where(eq(businesses.id, business.id))
  })
}
