import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backgroundRequest, backgroundResponse, PROFILES_API } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { setBackground } from './background.ts';

const tags = ['users'];

/** The personal page's own settings (docs/product/personal-pages.md#background). */
export const profileRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.post(PROFILES_API.backgrounds, { schema: { tags, body: backgroundRequest, response: { 200: backgroundResponse } } }, async (request) => {
    const { accountId } = requireAuth(request);
    return setBackground(deps, accountId, request.body.background.url);
  });
};
