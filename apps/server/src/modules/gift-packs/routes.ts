import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { giftPackClaimResponse, giftPacksResponse } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { viewerOf } from '../../platform/viewer.ts';
import { idParams } from '../../platform/params.ts';
import { claimGiftPack, listGiftPacks } from './packs.ts';

const tags = ['coupons'];

/** Gift packs (docs/product/deals.md#gift-packs): the live ones, and claiming one. */
export const giftPackRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/event_gift_packs', { schema: { tags, response: { 200: giftPacksResponse } } }, async (request, reply) => {
    const viewer = viewerOf(request);
    reply.header('cache-control', 'private, no-store');
    return listGiftPacks(deps, viewer.area, viewer.accountId);
  });

  app.patch('/api/event_gift_packs/:id', { schema: { tags, params: idParams, response: { 200: giftPackClaimResponse } } }, async (request) => {
    const { accountId } = requireAuth(request);
    return claimGiftPack(deps, accountId, request.site.area, request.params.id);
  });
};
