import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { autocompleteResponse, skuListResponse, skuSearchQuery } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { PreparedJson, sendJson } from '../../platform/send-json.ts';
import { regionParam, viewerOf } from '../../platform/viewer.ts';
import { autocomplete, searchSkus } from './search.ts';

const tags = ['search'];
const autocompleteQuery = regionParam.extend({ keyword: z.string().max(100).optional() });

export const searchRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  /** Store search (per 10) and the editors' pickers (per 30): ordering and filters of docs/product/catalogue.md#search. */
  // Results depend only on the site, the region and the (validated, defaulted) query: popular searches
  // and the first pages of lists are served from the short-lived cache.
  app.get('/api/search/skus', { schema: { tags, querystring: skuSearchQuery, response: { 200: skuListResponse } } }, async (request, reply) => {
    const viewer = viewerOf(request, request.query.region);
    const key = `search:${viewer.area}:${viewer.region}:${JSON.stringify(request.query)}`;
    const json = await deps.cache.get(key, async () => new PreparedJson(JSON.stringify(skuListResponse.parse(await searchSkus(deps, viewer, request.query)))));
    return sendJson(request, reply, json);
  });

  app.get('/api/search/autocomplete', { schema: { tags, querystring: autocompleteQuery, response: { 200: autocompleteResponse } } }, async (request, reply) => {
    const viewer = viewerOf(request, request.query.region);
    const key = `autocomplete:${viewer.area}:${viewer.region}:${(request.query.keyword ?? '').trim().toLowerCase()}`;
    const json = await deps.cache.get(key, async () => new PreparedJson(JSON.stringify(autocompleteResponse.parse(await autocomplete(deps, viewer, request.query.keyword)))));
    return sendJson(request, reply, json);
  });
};
