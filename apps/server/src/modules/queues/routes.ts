import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, inArray } from 'drizzle-orm';
import {
  editionPreviewQuery, editionPreviewResponse, exploringQueue, queueSkuResponse, queueUpdateRequest, queuesQuery, queuesResponse,
} from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { idParams } from '../../platform/params.ts';
import { PreparedJson, sendJson } from '../../platform/send-json.ts';
import { buyerOf, viewerOf } from '../../platform/viewer.ts';
import { editionPreview, queueSku } from './previews.ts';
import { liveSql, loadQueues, presentQueues, queueIdsHolding } from './queues.ts';
import { startRun, updateRun } from './runs.ts';
import { exploringQueues } from './tables.ts';

const tags = ['promotions'];

/** Exploring queues (docs/product/deals.md#exploring-queues) and the edition preview their pages show. */
export const queueRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  // A guest's reads carry no progress, so every guest of a site shares them through the short-lived cache
  // (every game page asks for its queues); a signed-in viewer's carry their run and are built fresh.
  app.get('/api/promotion/queues', { schema: { tags, querystring: queuesQuery, response: { 200: queuesResponse } } }, async (request, reply) => {
    const viewer = viewerOf(request);
    const skuId = request.query.sku_id;
    const build = async () => {
      const now = deps.clock.now();
      const holding = skuId === undefined ? undefined : await queueIdsHolding(deps.db, skuId);
      if (holding?.length === 0) return { queues: [] };
      const loaded = await loadQueues(deps.db, viewer.area, and(liveSql(now), holding === undefined ? undefined : inArray(exploringQueues.id, holding)));
      return { queues: await presentQueues(deps.db, loaded, now, viewer.accountId) };
    };
    if (viewer.accountId !== null) return build();
    const json = await deps.cache.get(`queues:${viewer.area}:${skuId ?? 'all'}`, async () => new PreparedJson(JSON.stringify(queuesResponse.parse(await build()))));
    return sendJson(request, reply, json);
  });

  app.get('/api/promotion/queues/:id', { schema: { tags, params: idParams, response: { 200: exploringQueue } } }, async (request, reply) => {
    const viewer = viewerOf(request);
    const build = async () => {
      const loaded = await loadQueues(deps.db, viewer.area, eq(exploringQueues.id, request.params.id));
      if (loaded.length === 0) return null;
      const [queue] = await presentQueues(deps.db, loaded, deps.clock.now(), viewer.accountId);
      return queue!;
    };
    if (viewer.accountId !== null) {
      const queue = await build();
      if (!queue) throw fail.notFound();
      return queue;
    }
    const json = await deps.cache.get(`queue:${viewer.area}:${request.params.id}`, async () => {
      const queue = await build();
      return queue === null ? null : new PreparedJson(JSON.stringify(exploringQueue.parse(queue)));
    });
    if (json === null) throw fail.notFound();
    return sendJson(request, reply, json);
  });

  app.post('/api/promotion/queues/:id/start', { schema: { tags, params: idParams, response: { 200: exploringQueue } } }, async (request) =>
    startRun(deps, buyerOf(request), request.params.id));

  app.patch('/api/promotion/queues/:id', { schema: { tags, params: idParams, body: queueUpdateRequest, response: { 200: exploringQueue } } }, async (request) =>
    updateRun(deps, buyerOf(request), request.params.id, request.body.queue));

  app.get('/api/promotion/queue_skus/:id', { schema: { tags, params: idParams, response: { 200: queueSkuResponse } } }, async (request) =>
    queueSku(deps, viewerOf(request), request.params.id));

  app.get('/api/v1/preview/editions/:id', { schema: { tags, params: idParams, querystring: editionPreviewQuery, response: { 200: editionPreviewResponse } } }, async (request) =>
    editionPreview(deps, viewerOf(request), request.params.id));
};
