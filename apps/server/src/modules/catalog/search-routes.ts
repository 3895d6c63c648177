import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { autocompleteResponse, skuListResponse, skuSearchQuery } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { regionParam, viewerOf } from './viewer.ts';
import { autocomplete, searchSkus } from './search.ts';

const tags = ['search'];
const autocompleteQuery = regionParam.extend({ keyword: z.string().max(100).optional() });

export const searchRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  /** Store search (per 10) and the editors' pickers (per 30): ordering and filters of spec §5. */
  app.get('/api/search/skus', { schema: { tags, querystring: skuSearchQuery, response: { 200: skuListResponse } } }, async (request) =>
    searchSkus(deps, await viewerOf(deps, request, request.query.region), request.query),
  );

  app.get('/api/search/autocomplete', { schema: { tags, querystring: autocompleteQuery, response: { 200: autocompleteResponse } } }, async (request) =>
    autocomplete(deps, await viewerOf(deps, request, request.query.region), request.query.keyword),
  );
};
