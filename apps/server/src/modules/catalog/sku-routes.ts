import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAGE_SIZES } from '@lantern/domain';
import { productDetail, skuDetail, skuListResponse, skuService } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { PreparedJson, sendJson } from '../../platform/send-json.ts';
import { requireAuth } from '../../platform/auth.ts';
import { fail } from '../../platform/errors.ts';
import { asList, idList, idParams } from '../../platform/params.ts';
import { regionParam, viewerOf } from '../../platform/viewer.ts';
import { getSkuDetail } from './sku-detail.ts';
import { getProductDetail } from './product-detail.ts';
import { crossSale, skusByIds, suggestSkus, SUGGEST_SIZE } from './lists.ts';
import { skuGiftPacks } from './sku-gift-packs.ts';

const tags = ['catalog'];

const batchQuery = regionParam.extend({
  /** The only batch form the API names; another type would be another shape. */
  type: z.enum(['simple']).default('simple'),
  q: z.object({ id_in: idList }),
});
const suggestQuery = regionParam.extend({ per: z.coerce.number().int().min(1).max(PAGE_SIZES.sku_batch).default(SUGGEST_SIZE) });

export const skuRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  // A guest's view of a SKU is shared by all guests of the site and region, so it comes from the cache;
  // a signed-in viewer's carries their own wish and is built fresh.
  app.get('/api/skus/:id', { schema: { tags, params: idParams, querystring: regionParam, response: { 200: skuDetail } } }, async (request, reply) => {
    const viewer = viewerOf(request, request.query.region);
    if (viewer.accountId !== null) return getSkuDetail(deps, viewer, request.params.id);
    const key = `sku:${viewer.area}:${viewer.region}:${request.params.id}`;
    const json = await deps.cache.get(key, async () => new PreparedJson(JSON.stringify(skuDetail.parse(await getSkuDetail(deps, viewer, request.params.id)))));
    return sendJson(request, reply, json);
  });

  app.get('/api/products/:id', { schema: { tags, params: idParams, querystring: regionParam, response: { 200: productDetail } } }, async (request) =>
    getProductDetail(deps, viewerOf(request, request.query.region), request.params.id),
  );

  /** A batch takes at most 30 ids (one page of 30, docs/product/limits.md#page-sizes); more is `out_limit`, not silently cut. */
  app.get('/api/skus', { schema: { tags, querystring: batchQuery, response: { 200: skuListResponse } } }, async (request) => {
    const ids = [...new Set(asList(request.query.q.id_in))];
    if (ids.length > PAGE_SIZES.sku_batch) throw fail.unprocessable('id_in', 'out_limit', { limit: PAGE_SIZES.sku_batch });
    const list = await skusByIds(deps, viewerOf(request, request.query.region), ids);
    return { skus: list, meta: { total_count: list.length, page: 1, per: PAGE_SIZES.sku_batch } };
  });

  app.get('/api/suggest/skus', { schema: { tags, querystring: suggestQuery, response: { 200: skuListResponse } } }, async (request) => {
    const { per } = request.query;
    const list = await suggestSkus(deps, viewerOf(request, request.query.region), per);
    return { skus: list, meta: { total_count: list.length, page: 1, per } };
  });

  /**
   * What goes with a SKU for a signed-in user (requested only when signed in). Gift packs are an
   * honest empty list: no promotion exists to offer one until the promotions module lands.
   */
  app.get('/api/skus/:id/service', { schema: { tags, params: idParams, querystring: regionParam, response: { 200: skuService } } }, async (request) => {
    const { accountId } = requireAuth(request);
    const viewer = viewerOf(request, request.query.region);
    // Cross-sale first: it answers 404 for a SKU the viewer cannot see, before any gift pack is read.
    const cross_sale = await crossSale(deps, viewer, request.params.id);
    return { cross_sale, gift_packs: await skuGiftPacks(deps, viewer, accountId, request.params.id) };
  });
};
