import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pointRedeemOrderResponse, pointRedeemResult, pointRedeemsResponse } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { buyerOf, viewerOf } from '../../platform/viewer.ts';
import { idParams } from '../../platform/params.ts';
import { listPointRedeems } from './redeems.ts';
import { placePointsOrder, redeemPoints } from './redeem.ts';

const tags = ['points'];
const orderBody = z.object({ address_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() }).optional();

/** The points shop (docs/product/deals.md#points-shop): the list, redeeming at once, and an order to pay with points. */
export const pointsShopRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/point_redeems', { schema: { tags, response: { 200: pointRedeemsResponse } } }, async (request, reply) => {
    const viewer = viewerOf(request);
    // The viewer's own points are in the answer: never kept by a shared cache.
    reply.header('cache-control', 'private, no-store');
    return listPointRedeems(deps, viewer.area, viewer.accountId);
  });

  app.post('/api/point_redeems/:id/redeem', { schema: { tags, params: idParams, response: { 201: pointRedeemResult } } }, async (request, reply) =>
    reply.status(201).send(await redeemPoints(deps, buyerOf(request), request.params.id)));

  app.post('/api/point_redeems/:id/orders', { schema: { tags, params: idParams, body: orderBody, response: { 201: pointRedeemOrderResponse } } }, async (request, reply) =>
    reply.status(201).send(await placePointsOrder(deps, buyerOf(request), request.params.id, request.body?.address_id)));
};
