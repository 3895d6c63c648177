import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DISTRIBUTION_API, cpsVisitRequest, cpsVisitResponse, distributionOrdersQuery, distributionOrdersResponse, scaleBySkuAnswer, scaleBySkuQuery,
  searchInviteCodeAnswer, searchInviteCodeQuery,
} from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { forumErrorHandler, forumOk } from '../../platform/forum-envelope.ts';
import { viewerOf } from '../../platform/viewer.ts';
import { recordVisit } from './attribution.ts';
import { attributedOrders, scaleBySku, searchInviteCode } from './sharing.ts';

const tags = ['distribution'];
const noStore = { 'cache-control': 'private, no-store' };

/** Distribution (docs/product/distribution.md): the spec's two calls on the forum host's face, and the /api calls the web uses. */
export const distributionRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.post(DISTRIBUTION_API.visits, { schema: { tags, body: cpsVisitRequest, response: { 201: cpsVisitResponse } } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    return reply.status(201).send(await recordVisit(deps, accountId, request.site.area, request.body.cps_visit.code));
  });

  app.get(DISTRIBUTION_API.orders, { schema: { tags, querystring: distributionOrdersQuery, response: { 200: distributionOrdersResponse } } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    reply.headers(noStore);
    return attributedOrders(deps, accountId, request.site.area, request.query.page);
  });

  // The spec's calls answer the forum host's envelope (its error handler for this scope alone).
  await app.register(async (scope) => {
    scope.setErrorHandler(forumErrorHandler);
    await scope.register(cpsRoutes(deps));
  });
};

/** GET /cps/searchInviteCode and GET /cpsgear/searchScaleBySku, in the forum host's envelope. */
const cpsRoutes = (deps: Deps): FastifyPluginAsyncZod => async (scope) => {
  scope.get(DISTRIBUTION_API.searchInviteCode, { schema: { tags, querystring: searchInviteCodeQuery, response: { 200: searchInviteCodeAnswer } } }, async (request, reply) => {
    reply.headers(noStore);
    return forumOk(await searchInviteCode(deps, request.auth?.accountId ?? null, request.site.area, request.query.inviteCode));
  });
  scope.get(DISTRIBUTION_API.scaleBySku, { schema: { tags, querystring: scaleBySkuQuery, response: { 200: scaleBySkuAnswer } } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    reply.headers(noStore);
    const viewer = viewerOf(request);
    return forumOk(await scaleBySku(deps, { accountId, area: viewer.area, region: viewer.region }, request.query.skuId));
  });
};
