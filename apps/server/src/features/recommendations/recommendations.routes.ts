import { Hono } from 'hono'
import { z } from 'zod'
import { TASK_STATUSES } from '@localseo/shared/progress'
import { requireAuth } from '../../auth/require-auth.js'
import type { AppDeps } from '../../lib/deps.js'
import { validate } from '../../lib/validate.js'
import { generateTasks } from './generate.js'
import { changeTaskStatus, getRecommendations } from './recommendations.service.js'

const taskParam = z.object({ id: z.uuid({ message: 'Not a task id.' }) })
const statusBody = z.object({ status: z.enum(TASK_STATUSES) })

export function recommendationRoutes(deps: AppDeps) {
  const { db, clock, ai } = deps
  return new Hono()
    .use('*', requireAuth(deps))
    .get('/', async (c) => {
      const businessId = await c.var.tenant.businessId()
      return c.json(await getRecommendations({ db, businessId }))
    })
    .patch('/:id', validate('param', taskParam), validate('json', statusBody), async (c) => {
      const businessId = await c.var.tenant.businessId()
      const result = await changeTaskStatus({
        db,
        businessId,
        taskId: c.req.valid('param').id,
        status: c.req.valid('json').status,
        now: clock.now(),
      })
      return c.json(result)
    })
    .post('/generate', async (c) => {
      const userId = c.var.auth.userId
      const business = await c.var.tenant.named()
      return c.json(await generateTasks({ db, ai, userId, business, now: clock.now() }))
    })
}
