import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps.ts';
import { forumErrorHandler } from '../../platform/forum-envelope.ts';
import { integralRoutes } from './integral-routes.ts';
import { likeRoutes } from './like-routes.ts';
import { postRoutes } from './post-routes.ts';
import { skuRoutes } from './sku-routes.ts';

/**
 * The forum host's face of the community (docs/product/community.md#forum-surface; decisions/0018): the same
 * services as `/api` — community's posts and groups, discussion's comments and likes, moderation's reports —
 * answered as `{ code, data, errorMsg }` in camelCase; refusals carry the reply codes of
 * docs/product/community.md#reply-codes through the platform's forum envelope, whose error handler every route
 * of this scope inherits.
 */
export const forumRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  await app.register(async (scope) => {
    scope.setErrorHandler(forumErrorHandler);
    await scope.register(skuRoutes(deps));
    await scope.register(postRoutes(deps));
    await scope.register(likeRoutes(deps));
    await scope.register(integralRoutes(deps));
  });
};
