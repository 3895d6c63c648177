import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { bundleActivitiesResponse, bundleActivity, bundleHoldingsResponse, bundleOrderRequest, bundleOrderResponse } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { idParams } from '../../platform/params.ts';
import { PreparedJson, sendJson } from '../../platform/send-json.ts';
import { buyerOf } from '../../platform/viewer.ts';
import { liveSql, loadActivities, presentActivities } from './activities.ts';
import { bundleHoldings, orderBundle } from './order.ts';
import { bundleActivities } from './tables.ts';

const tags = ['promotions'];

/** Bundle promotions (docs/product/deals.md#bundle-promotions): the live list, one activity, ordering from it. */
export const bundleRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  // Both reads are the same for every viewer of a site, so they come from the shared short-lived cache (a
  // status may lag by its TTL; ordering checks the window afresh).
  app.get('/api/v7/bundle_promo_activities', { schema: { tags, response: { 200: bundleActivitiesResponse } } }, async (request, reply) => {
    const area = request.site.area;
    const json = await deps.cache.get(`bundles:${area}`, async () => {
      const now = deps.clock.now();
      const activities = await presentActivities(deps.db, await loadActivities(deps.db, area, liveSql(now)), now);
      return new PreparedJson(JSON.stringify(bundleActivitiesResponse.parse({ activities })));
    });
    return sendJson(request, reply, json);
  });

  // One activity whatever its status (a shared link to an ended one still shows it, as ended).
  app.get('/api/v7/bundle_promo_activities/:id', { schema: { tags, params: idParams, response: { 200: bundleActivity } } }, async (request, reply) => {
    const area = request.site.area;
    const json = await deps.cache.get(`bundle:${area}:${request.params.id}`, async () => {
      const loaded = await loadActivities(deps.db, area, eq(bundleActivities.id, request.params.id));
      if (loaded.length === 0) return null;
      const [activity] = await presentActivities(deps.db, loaded, deps.clock.now());
      return new PreparedJson(JSON.stringify(bundleActivity.parse(activity)));
    });
    if (json === null) throw fail.notFound();
    return sendJson(request, reply, json);
  });

  app.get('/api/v7/bundle_promo_activities/:id/holdings', { schema: { tags, params: idParams, response: { 200: bundleHoldingsResponse } } }, async (request) =>
    bundleHoldings(deps, buyerOf(request), request.params.id));

  app.post('/api/v7/bundle_promo_activities/:id/order', { schema: { tags, params: idParams, body: bundleOrderRequest, response: { 201: bundleOrderResponse } } }, async (request, reply) =>
    reply.status(201).send(await orderBundle(deps, buyerOf(request), request.params.id, request.body.game_ids)));
};
