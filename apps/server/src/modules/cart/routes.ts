import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartPatchRequest, cartQuery, cartResponse } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { viewerOf } from '../catalog/viewer.ts';
import { readCart, updateCart } from './cart.ts';

const tags = ['cart'];

/** The cart (docs/product/buying.md#cart): one per account and site; writes answer the whole cart as it now stands. */
export const cartRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/cart', { schema: { tags, querystring: cartQuery, response: { 200: cartResponse } } }, async (request) => {
    const { accountId } = requireAuth(request);
    const viewer = await viewerOf(deps, request);
    return readCart(deps, { ...viewer, accountId }, request.query.q?.sku_cate_eq);
  });

  app.patch('/api/cart', { schema: { tags, querystring: cartQuery, body: cartPatchRequest, response: { 200: cartResponse } } }, async (request) => {
    const { accountId } = requireAuth(request);
    const buyer = { ...(await viewerOf(deps, request)), accountId };
    await updateCart(deps, buyer, request.body.cart.cart_skus);
    return readCart(deps, buyer, request.query.q?.sku_cate_eq);
  });
};
