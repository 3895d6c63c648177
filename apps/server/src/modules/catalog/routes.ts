import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps.ts';
import { skuRoutes } from './sku-routes.ts';
import { searchRoutes } from './search-routes.ts';
import { wishRoutes } from './wish-routes.ts';

/** The catalogue: SKU and product pages, batches and suggestions, search, the wish list. */
export const catalogRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  await app.register(skuRoutes(deps));
  await app.register(searchRoutes(deps));
  await app.register(wishRoutes(deps));
};
