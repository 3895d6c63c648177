import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartCouponsResponse, cartPatchRequest, cartQuery, cartResponse } from '@lantern/contract';
import { effectiveSalePrice } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { buyerOf } from '../../platform/viewer.ts';
import { couponsForLines } from '../coupons/index.ts';
import { readCart, updateCart } from './cart.ts';

const tags = ['cart'];

/** The cart: one per account and site; writes answer the whole cart as it now stands. */
export const cartRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/cart', { schema: { tags, querystring: cartQuery, response: { 200: cartResponse } } }, async (request) =>
    readCart(deps, buyerOf(request), request.query.q?.sku_cate_eq));

  app.patch('/api/cart', { schema: { tags, querystring: cartQuery, body: cartPatchRequest, response: { 200: cartResponse } } }, async (request) => {
    const buyer = buyerOf(request);
    await updateCart(deps, buyer, request.body.cart.cart_skus);
    return readCart(deps, buyer, request.query.q?.sku_cate_eq);
  });

  /** The account's coupons against the cart's shown lines: which apply, and the best one first. */
  app.get('/api/cart/coupons', { schema: { tags: ['coupons'], querystring: z.object({}).passthrough(), response: { 200: cartCouponsResponse } } }, async (request) => {
    const buyer = buyerOf(request);
    const cart = await readCart(deps, buyer);
    const lines = cart.cart_skus.filter((c) => c.display).map((c) => ({ sku_id: c.sku_id, product_id: c.sku.product_id, amount: effectiveSalePrice({ sale_price: c.sale_price, list_price: c.price }) * c.quantity }));
    return couponsForLines(deps, buyer.accountId, buyer.area, lines);
  });
};
