// /api/business-profile/posts (issue 33 item 6, ADR 036): mounted under the Business Profile's
// routes, which require a session for every request. GET lists one place's posts; POST writes a
// post for one or more places (draft, now, or scheduled); PATCH changes one (on Google with an
// updateMask when it is there); DELETE removes it (on Google too). Another owner's post or location
// is a 404; bad input a 422 before anything is written or sent.
import { postInputSchema, postUpdateSchema } from '@localseo/shared/business-profile-posts'
import { Hono } from 'hono'
import { z } from 'zod'
import type { AppDeps } from '../../lib/deps.js'
import { validate } from '../../lib/validate.js'
import { googleOAuthConfig } from '../integrations/public.js'
import { createPosts, deletePost, listPosts, updatePost } from './posts.js'

const idParam = z.object({ id: z.string().min(1).max(100) })

export function postsRoutes(deps: AppDeps) {
  const config = googleOAuthConfig(deps.env)
  return new Hono()
    .get(
      '/',
      validate('query', z.object({ location: z.string().min(1).max(100).default('main') })),
      async (c) => {
        const { business, location } = await c.var.tenant.scope(c.req.valid('query').location)
        return c.json(await listPosts(deps, config, business, location.id))
      },
    )
    .post('/', validate('json', postInputSchema), async (c) => {
      const business = await c.var.tenant.named()
      return c.json(await createPosts(deps, config, business, c.req.valid('json')), 201)
    })
    .patch('/:id', validate('param', idParam), validate('json', postUpdateSchema), async (c) => {
      const business = await c.var.tenant.named()
      const { id } = c.req.valid('param')
      return c.json(await updatePost(deps, config, business, id, c.req.valid('json')))
    })
    .delete('/:id', validate('param', idParam), async (c) => {
      const business = await c.var.tenant.named()
      const { id } = c.req.valid('param')
      await deletePost(deps, config, business, id)
      return c.json({ deleted: id })
    })
}
