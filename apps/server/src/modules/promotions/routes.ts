import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inArray } from 'drizzle-orm';
import { groupSeckills } from '@lantern/domain';
import {
  promotionQuery, promotionResponse, qualifyRequest, qualifyResponse, seckillEventsQuery, seckillEventsResponse, seckillLiveResponse,
  seckillPurchaseRequest, seckillPurchaseResponse,
} from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { idParams, asList } from '../../platform/params.ts';
import { sendJsonBytes } from '../../platform/send-json.ts';
import { buyerOf } from '../../platform/viewer.ts';
import { loadEvents, presentEvents } from './events.ts';
import { liveSeckills } from './live.ts';
import { openSeckillGate } from './gate.ts';
import { qualify, seckillPurchase } from './purchase.ts';
import { seckillEvents } from './tables.ts';

const tags = ['promotions'];

/** Flash sales (docs/product/deals.md#flash-sale-status): lists, qualifying, buying, and the live read. */
export const promotionRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  const live = liveSeckills(deps);
  const gate = openSeckillGate(deps);
  app.addHook('onClose', async () => gate.close());
  const purchase = seckillPurchase(deps, gate.gate);

  app.get('/api/promotion', { schema: { tags, querystring: promotionQuery, response: { 200: promotionResponse } } }, async (request) => {
    if (request.query.q === 'normal_links') return { normal_links: [] };
    const now = deps.clock.now();
    const events = await presentEvents(deps.db, await loadEvents(deps.db, request.site.area), now);
    return { sec_kills: groupSeckills(events, now.getTime()) };
  });

  app.get('/api/events/sec_kills', { schema: { tags, querystring: seckillEventsQuery, response: { 200: seckillEventsResponse } } }, async (request) => {
    const ids = request.query.q?.id_in === undefined ? undefined : asList(request.query.q.id_in);
    if (ids?.length === 0) return { sec_kills: [] };
    const loaded = await loadEvents(deps.db, request.site.area, ids === undefined ? undefined : inArray(seckillEvents.id, ids));
    return { sec_kills: await presentEvents(deps.db, loaded, deps.clock.now()) };
  });

  app.post('/api/events/sec_kills/:id/qualify', { schema: { tags, params: idParams, body: qualifyRequest, response: { 200: qualifyResponse } } }, async (request) =>
    qualify(deps, buyerOf(request), request.params.id, request.body?.sku_id));

  app.post('/api/sec_kill', { schema: { tags, body: seckillPurchaseRequest, response: { 201: seckillPurchaseResponse } } }, async (request, reply) =>
    reply.status(201).send(await purchase(buyerOf(request), request.body.sec_kill)));

  // Outside /api, for the flash-sale host's pages: the site is still the request's (host map, then port).
  app.get('/sec_kill', { schema: { tags, response: { 200: seckillLiveResponse } } }, async (request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return sendJsonBytes(reply, await live.bytes(request.site.area));
  });
};
