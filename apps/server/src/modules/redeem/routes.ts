import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { issuedCodesResponse, pagingQuery, redeemPageState as pageState, redeemRequest, redemption, redemptionsResponse } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { idParams } from '../../platform/params.ts';
import { getRedemption, listIssuedCodes, listRedemptions, redeemPageState } from './records.ts';
import { redeem } from './redeem.ts';

const tags = ['redeem'];

/** Redeem codes (docs/product/buying.md#redeem-codes): the redeem page, redeeming, codes issued to me, my redemptions. */
export const redeemRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/redeem', { schema: { tags, response: { 200: pageState } } }, async (request) => {
    const { accountId } = requireAuth(request);
    return redeemPageState(deps, accountId);
  });

  app.post('/api/redeem', { schema: { tags, body: redeemRequest, response: { 201: redemption } } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    return reply.status(201).send(await redeem(deps, accountId, request.site.area, request.body.redeem));
  });

  app.get('/api/me/code', { schema: { tags, querystring: pagingQuery(10), response: { 200: issuedCodesResponse } } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    reply.header('cache-control', 'no-store');
    return listIssuedCodes(deps, accountId, request.query.page, request.query.per);
  });

  app.get('/api/redeems', { schema: { tags, querystring: pagingQuery(10), response: { 200: redemptionsResponse } } }, async (request) => {
    const { accountId } = requireAuth(request);
    return listRedemptions(deps, accountId, request.site.area, request.query.page, request.query.per);
  });

  app.get('/api/redeems/:id', { schema: { tags, params: idParams, response: { 200: redemption } } }, async (request) => {
    const { accountId } = requireAuth(request);
    return getRedemption(deps, accountId, request.params.id);
  });
};
