import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { bundleActivitiesResponse, bundleActivity, bundleOrderRequest, bundleOrderResponse } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { idParams } from '../../platform/params.ts';
import { buyerOf } from '../../platform/viewer.ts';
import { liveSql, loadActivities, presentActivities } from './activities.ts';
import { orderBundle } from './order.ts';
import { bundleActivities } from './tables.ts';

const tags = ['promotions'];

/** Bundle promotions (docs/product/deals.md#bundle-promotions): the live list, one activity, ordering from it. */
export const bundleRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/v7/bundle_promo_activities', { schema: { tags, response: { 200: bundleActivitiesResponse } } }, async (request) => {
    const now = deps.clock.now();
    return { activities: await presentActivities(deps.db, await loadActivities(deps.db, request.site.area, liveSql(now)), now) };
  });

  // One activity whatever its status (a shared link to an ended one still shows it, as ended).
  app.get('/api/v7/bundle_promo_activities/:id', { schema: { tags, params: idParams, response: { 200: bundleActivity } } }, async (request) => {
    const loaded = await loadActivities(deps.db, request.site.area, eq(bundleActivities.id, request.params.id));
    if (loaded.length === 0) throw fail.notFound();
    const [activity] = await presentActivities(deps.db, loaded, deps.clock.now());
    return activity!;
  });

  app.post('/api/v7/bundle_promo_activities/:id/order', { schema: { tags, params: idParams, body: bundleOrderRequest, response: { 201: bundleOrderResponse } } }, async (request, reply) =>
    reply.status(201).send(await orderBundle(deps, buyerOf(request), request.params.id, request.body.game_ids)));
};
