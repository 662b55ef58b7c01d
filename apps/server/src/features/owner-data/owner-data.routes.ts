// The owner's data is theirs (issue 35 item 6, docs/decisions/048-export-and-delete.md):
// GET /api/business/export streams everything of the business as one ZIP, for every member (a read);
// DELETE /api/business deletes the business and all its data after its name is typed, the owner's
// alone (docs/decisions/043-members-and-roles.md).
import { Hono } from 'hono'
import { deleteBusinessInputSchema, EXPORT_FILENAME } from '@localseo/shared/owner-data'
import { requireAuth, requireRole } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'
import { streamedBody } from '../../lib/streamed-body.js'
import { validate } from '../../lib/validate.js'
import { backlinkDataLabel } from '../backlinks/public.js'
import { deleteBusiness } from './delete-business.js'
import { exportArchiveParts } from './export-archive.js'

/**
 * Mounted at /business ahead of the business's own routes (app.ts), with requireAuth on each
 * route rather than on '*': a request these routes answer never reaches the next router's
 * middleware, and the others never pass through this one.
 */
export function ownerDataRoutes(deps: AppDeps) {
  const { db, clock, logger } = deps
  const auth = requireAuth(deps)
  return new Hono()
    .get('/export', auth, async (c) => {
      const business = await c.var.tenant.business()
      const businessId = await c.var.tenant.businessId()
      const parts = exportArchiveParts({
        db,
        businessId,
        businessName: business.name,
        timeZone: business.timeZone,
        backlinkProvider: backlinkDataLabel(deps.env),
        now: clock.now(),
      })
      const body = await streamedBody(c, parts, logger)
      return c.body(body, 200, {
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="${EXPORT_FILENAME}"`,
        'cache-control': 'no-store',
      })
    })
    .delete(
      '/',
      auth,
      requireRole('owner'),
      validate('json', deleteBusinessInputSchema),
      async (c) => {
        const businessId = await c.var.tenant.businessId()
        const { name } = await c.var.tenant.business()
        await deleteBusiness(deps, { id: businessId, name }, c.req.valid('json').confirm)
        c.var.tenant.forget()
        return c.json({ deleted: true as const })
      },
    )
}
