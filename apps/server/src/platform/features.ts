import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serverSwitchResponse } from '@lantern/contract';

/**
 * The store's features as the server switch names them (docs/product/catalogue.md#server-switch). A client
 * shows a part of the store only when its switch is on, instead of calling endpoints that are not there.
 */
export const FEATURES = [
  'accounts', 'store', 'search', 'wishlist', 'peripheral_shop', 'custom_layouts',
  'cart', 'coupons', 'orders', 'payments', 'keys', 'library', 'redeem', 'user_center',
  'seckill', 'gift_packs', 'point_redeem', 'lottery', 'red_packets', 'community', 'headlines', 'messages',
] as const;
export type Feature = (typeof FEATURES)[number];

/**
 * `GET /api/server_switch`: a feature is on exactly when a registered module provides it, so the answer
 * cannot drift from what the server really serves.
 */
export const serverSwitchRoutes = (provided: ReadonlySet<Feature>): FastifyPluginAsyncZod => async (app) => {
  const switches = Object.fromEntries(FEATURES.map((f) => [f, provided.has(f)]));
  app.get('/api/server_switch', { schema: { tags: ['storefront'], response: { 200: serverSwitchResponse } } }, async (request) => ({
    area: request.site.area,
    switches,
  }));
};
