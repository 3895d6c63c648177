import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps.ts';
import { homeRoutes } from './home-routes.ts';
import { layoutRoutes } from './layout-routes.ts';
import { metaRoutes } from './meta-routes.ts';

/** The storefront: the store home and its blocks, custom layouts and packs, the tag list and the server switch. */
export const storefrontRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  await app.register(homeRoutes(deps));
  await app.register(layoutRoutes(deps));
  await app.register(metaRoutes(deps));
};
