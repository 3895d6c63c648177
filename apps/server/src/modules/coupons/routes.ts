import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountCoupon, accountCouponsQuery, accountCouponsResponse, claimableCouponsResponse, claimCouponByCodeRequest, claimCouponRequest,
  pagingQuery,
} from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { idParams } from '../../platform/params.ts';
import { claimCoupon, claimCouponByCode, listClaimable, listMine } from './coupons.ts';

const tags = ['coupons'];

/** Coupons: what can be claimed, claiming (by id, or by code), and mine. The coupons the cart could use are the cart's call. */
export const couponRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/account_coupons', { schema: { tags, querystring: pagingQuery(10), response: { 200: claimableCouponsResponse } } }, async (request) => {
    const { accountId } = requireAuth(request);
    return listClaimable(deps, accountId, request.site.area, request.query.page, request.query.per);
  });

  app.patch('/api/account_coupons/:id', { schema: { tags, params: idParams, body: claimCouponRequest.optional(), response: { 200: accountCoupon } } }, async (request) => {
    const { accountId } = requireAuth(request);
    // The body (code, captcha) is still accepted from older clients and ignored: listed coupons need neither.
    return claimCoupon(deps, accountId, request.site.area, request.params.id);
  });

  // A code coupon is not listed, so the web knows its code, never its id: the code names the coupon.
  app.post('/api/account_coupons', { schema: { tags, body: claimCouponByCodeRequest, response: { 201: accountCoupon } } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    return reply.status(201).send(await claimCouponByCode(deps, accountId, request.site.area, request.body.account_coupon));
  });

  app.get('/api/me/account_coupons', { schema: { tags, querystring: pagingQuery(10).extend(accountCouponsQuery.shape), response: { 200: accountCouponsResponse } } }, async (request) => {
    const { accountId } = requireAuth(request);
    return listMine(deps, accountId, request.site.area, request.query.page, request.query.per, request.query.q?.state_eq);
  });
};
