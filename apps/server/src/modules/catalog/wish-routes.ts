import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pagingQuery, wishlistResponse, wishResponse } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { dbId } from '../../platform/params.ts';
import { viewerOf } from '../../platform/viewer.ts';
import { addWish, listWishes, removeWish } from './wishes.ts';

const tags = ['wishes'];
const skuParams = z.object({ skuId: dbId });

/** The wish list: one per account and site (the SKU fixes the area). Writes are idempotent PUT and DELETE. */
export const wishRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/me/wishes', { schema: { tags, querystring: pagingQuery(10), response: { 200: wishlistResponse } } }, async (request) => {
    const { accountId } = requireAuth(request);
    return listWishes(deps, accountId, request.site.area, request.query.page, request.query.per);
  });

  app.put('/api/me/wishes/:skuId', { schema: { tags, params: skuParams, response: { 200: wishResponse } } }, async (request) => {
    const { accountId } = requireAuth(request);
    const viewer = viewerOf(request);
    return addWish(deps, { ...viewer, accountId }, request.params.skuId);
  });

  app.delete('/api/me/wishes/:skuId', { schema: { tags, params: skuParams, response: { 200: wishResponse } } }, async (request) => {
    const { accountId } = requireAuth(request);
    const viewer = viewerOf(request);
    return removeWish(deps, { ...viewer, accountId }, request.params.skuId);
  });
};
