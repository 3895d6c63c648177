import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userCenterInfo as info } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { userCenterInfo } from './info.ts';

/** The user centre's home (GET /api/user_center/info, docs/product/buying.md#user-centre). */
export const userCenterRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/user_center/info', { schema: { tags: ['user_center'], response: { 200: info } } }, async (request) => {
    const { accountId } = requireAuth(request);
    return userCenterInfo(deps, accountId, request.site);
  });
};
