import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountsLotteryPrizesResponse, lotteryActivitiesQuery, lotteryActivitiesResponse, lotteryDrawResponse, lotteryInfosResponse, lotteryRecordsQuery,
  lotteryRecordsResponse, promotionDrawRequest, promotionLotteryResponse, redPacketDrawRequest,
} from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { asList, idParams } from '../../platform/params.ts';
import { buyerOf, viewerOf } from '../../platform/viewer.ts';
import { loadActivities, presentActivities, presentActivity, prizesOf } from './activities.ts';
import { myRecords, winners } from './records.ts';
import { pointsDrawRush } from './rush.ts';
import { drawForOrder, drawFromShare, drawWithPoints, promotionActivity, userInfo } from './service.ts';

const tags = ['lottery'];
const winnersQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1), per: z.coerce.number().int().min(1).max(50).default(10) });

/** Lotteries (docs/product/deals.md#lotteries): lists, the viewer's standing, the three ways to draw, records, the prize file. */
export const lotteryRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  const pointsDraw = pointsDrawRush(deps);
  app.get('/api/lottery_activities', { schema: { tags, querystring: lotteryActivitiesQuery, response: { 200: lotteryActivitiesResponse } } }, async (request, reply) => {
    const ids = request.query.q?.id_in === undefined ? undefined : asList(request.query.q.id_in);
    if (ids?.length === 0) return { lottery_activities: [] };
    // Stock and probabilities move with every draw: never kept by a shared cache.
    void reply.header('cache-control', 'no-cache');
    const now = deps.clock.now();
    return { lottery_activities: await presentActivities(deps.db, await loadActivities(deps.db, request.site.area, now, ids), now) };
  });

  app.get('/api/lottery_activities/:id/infos', { schema: { tags, params: idParams, response: { 200: lotteryInfosResponse } } }, async (request, reply) => {
    void reply.header('cache-control', 'private, no-store');
    return userInfo(deps, buyerOf(request), request.params.id);
  });

  app.post('/api/lottery_activities/:id/draws', { schema: { tags, params: idParams, response: { 201: lotteryDrawResponse } } }, async (request, reply) =>
    reply.status(201).send(await drawWithPoints(deps, pointsDraw, buyerOf(request), request.params.id)));

  app.get('/api/promotion/lottery_activities/:id', { schema: { tags, params: idParams, response: { 200: promotionLotteryResponse } } }, async (request, reply) => {
    void reply.header('cache-control', 'private, no-store');
    return promotionActivity(deps, viewerOf(request), request.params.id);
  });

  app.post('/api/promotion/lottery_activities/:id/draw', { schema: { tags, params: idParams, body: promotionDrawRequest, response: { 201: lotteryDrawResponse } } }, async (request, reply) =>
    reply.status(201).send(await drawForOrder(deps, buyerOf(request), request.params.id, request.body.order_id)));

  app.post('/api/promotion/lottery_activities/:id/red_packet_draw', { schema: { tags, params: idParams, body: redPacketDrawRequest, response: { 201: lotteryDrawResponse } } }, async (request, reply) =>
    reply.status(201).send(await drawFromShare(deps, buyerOf(request), request.params.id, request.body)));

  app.get('/api/promotion/lottery_records', { schema: { tags, querystring: lotteryRecordsQuery, response: { 200: lotteryRecordsResponse } } }, async (request, reply) => {
    void reply.header('cache-control', 'private, no-store');
    const buyer = buyerOf(request);
    return myRecords(deps.db, buyer.area, buyer.accountId, request.query.lottery_activity_id, request.query.page, request.query.per);
  });

  app.get('/api/promotion/lottery_activities/:id/accounts_lottery_prizes', { schema: { tags, params: idParams, querystring: winnersQuery, response: { 200: accountsLotteryPrizesResponse } } }, async (request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return winners(deps.db, request.site.area, request.params.id, request.query.page, request.query.per);
  });

  // Outside /api, as the activity host's static prize file was: every prize of the site's live and coming activities.
  app.get('/activity/lottery_prizes', { schema: { tags } }, async (request, reply) => {
    void reply.header('cache-control', 'public, max-age=30');
    const now = deps.clock.now();
    const rows = (await loadActivities(deps.db, request.site.area, now)).filter((row) => row.toAt > now && !row.closed);
    const prizes = await prizesOf(deps.db, rows.map((r) => r.id));
    return {
      lottery_prizes: rows.flatMap((row) => presentActivity(row, prizes, now).prizes.map((p) => ({
        id: p.id, lottery_activity_id: row.id, kind: p.kind, title: p.title, value: p.value, probability: p.probability, left_count: p.left_count,
      }))),
    };
  });
};
