import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forumIntegral, forumIntegralQuery } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { forumOk } from '../../platform/forum-envelope.ts';
import { viewerOf, type Viewer } from '../../platform/viewer.ts';
import { joinCampaign, participation } from './integral.ts';
import { answer, noStore, signedIn, tags } from './route-kit.ts';
import { groupOfSku } from './sku.ts';

/** `/forum/integral/*`: points participation (docs/product/community.md#points-participation). */
export const integralRoutes = (deps: Deps): FastifyPluginAsyncZod => async (forum) => {
  // A campaign by id, or the group's (named by the group or by a SKU of the site).
  const campaignOf = async (query: { campaignId?: number; groupId?: number; skuId?: number }, viewer: Viewer) => {
    const { campaignId, groupId, skuId } = query;
    if (campaignId === undefined && groupId === undefined && skuId !== undefined) return { groupId: (await groupOfSku(deps, viewer, skuId)).id };
    return { campaignId, groupId };
  };
  // Joining is a write the original hides behind GET; POST is offered too.
  for (const method of ['GET', 'POST'] as const) {
    forum.route({
      method, url: '/forum/integral/join', schema: { tags, querystring: forumIntegralQuery, response: answer(forumIntegral) },
      preValidation: signedIn,
      handler: async (request, reply) => {
        reply.headers(noStore);
        const viewer = viewerOf(request);
        return forumOk(await joinCampaign(deps, viewer.area, requireAuth(request).accountId, await campaignOf(request.query, viewer)));
      },
    });
  }
  forum.get('/forum/integral/participation', { schema: { tags, querystring: forumIntegralQuery, response: answer(forumIntegral) } }, async (request, reply) => {
    reply.headers(noStore);
    const viewer = viewerOf(request);
    return forumOk(await participation(deps, viewer.area, viewer.accountId, await campaignOf(request.query, viewer)));
  });
};
