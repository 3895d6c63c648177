import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createOrderRequest, order, ordersQuery, ordersResponse, pagingQuery } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { compiledResponse } from '../../platform/compiled-response.ts';
import { idParams } from '../../platform/params.ts';
import { buyerOf } from '../../platform/viewer.ts';
import { oneClickCheckout } from './checkout/one-click.ts';
import { cancelOrder, getOrder, listOrders } from './orders.ts';

const tags = ['orders'];

/**
 * Orders (docs/product/buying.md#orders): create, cancel or delete (both set canceled; a deleted order, unpaid or canceled
 * before, leaves the account's list but stays readable by id), and the account's own list and detail.
 */
export const orderRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  // Buyers of the same one-click order at the same moment are placed together (checkout/one-click.ts).
  const placeOrder = oneClickCheckout(deps);
  // Every purchase creates one: its answer is written by a compiled serializer.
  app.post('/api/orders', { schema: { tags, body: createOrderRequest, response: { 201: compiledResponse(order) } } }, async (request, reply) => {
    const buyer = buyerOf(request);
    return reply.status(201).send(await placeOrder(buyer, request.body.order));
  });

  app.post('/api/orders/:id/cancel', { schema: { tags, params: idParams, response: { 200: order } } }, async (request) => {
    const { accountId } = requireAuth(request);
    return cancelOrder(deps, accountId, request.site.area, request.params.id, 'canceled');
  });

  app.delete('/api/orders/:id', { schema: { tags, params: idParams } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    await cancelOrder(deps, accountId, request.site.area, request.params.id, 'deleted');
    return reply.status(204).send();
  });

  app.get('/api/me/orders', { schema: { tags, querystring: pagingQuery(10).extend(ordersQuery.shape), response: { 200: ordersResponse } } }, async (request) => {
    const { accountId } = requireAuth(request);
    return listOrders(deps, accountId, request.site.area, request.query.page, request.query.per, request.query.q?.state_eq);
  });

  app.get('/api/me/orders/:id', { schema: { tags, params: idParams, response: { 200: order } } }, async (request) => {
    const { accountId } = requireAuth(request);
    return getOrder(deps, accountId, request.site.area, request.params.id);
  });
};
