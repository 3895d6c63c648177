import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activationResult, gameKeysQuery, gameKeysResponse, pagingQuery, revealedKey, virtualCodesResponse } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { idParams } from '../../platform/params.ts';
import { activateKey } from './activation.ts';
import { listKeyEntries, listVirtualCodes, revealKey } from './lists.ts';

const tags = ['keys'];
const listQuery = pagingQuery(10).extend(gameKeysQuery.shape);

/** Keys (docs/product/buying.md#keys): the account's key lists, the code of one key, activation. */
export const keyRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/game_key', { schema: { tags, querystring: listQuery, response: { 200: gameKeysResponse } } }, async (request) => {
    const { accountId } = requireAuth(request);
    const { page, per, q } = request.query;
    const { entries, meta } = await listKeyEntries(deps, accountId, request.site.area, 'platform', { keyType: q?.key_type_eq, deliveryState: q?.delivery_state_eq }, page, per);
    return { game_keys: entries.map((e) => e.entry), meta };
  });

  app.get('/api/genba_key', { schema: { tags, querystring: listQuery, response: { 200: gameKeysResponse } } }, async (request) => {
    const { accountId } = requireAuth(request);
    const { page, per, q } = request.query;
    const { entries, meta } = await listKeyEntries(deps, accountId, request.site.area, 'genba', { keyType: q?.key_type_eq, deliveryState: q?.delivery_state_eq }, page, per);
    return { game_keys: entries.map((e) => e.entry), meta };
  });

  app.get('/api/virtual/game_keys', { schema: { tags, querystring: listQuery, response: { 200: virtualCodesResponse } } }, async (request) => {
    const { accountId } = requireAuth(request);
    const { page, per, q } = request.query;
    return listVirtualCodes(deps, accountId, request.site.area, { keyType: q?.key_type_eq, deliveryState: q?.delivery_state_eq }, page, per);
  });

  app.get('/api/me/game_keys/:id', { schema: { tags, params: idParams, response: { 200: revealedKey } } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    // A code is a secret: no shared cache may keep it.
    reply.header('cache-control', 'no-store');
    return revealKey(deps, accountId, request.params.id);
  });

  app.post('/api/me/game_keys/:id/activate', { schema: { tags, params: idParams, response: { 200: activationResult } } }, async (request) => {
    const { accountId } = requireAuth(request);
    return activateKey(deps, accountId, request.params.id, 'platform_key');
  });

  app.post('/api/me/codes/:id/activate', { schema: { tags, params: idParams, response: { 200: activationResult } } }, async (request) => {
    const { accountId } = requireAuth(request);
    return activateKey(deps, accountId, request.params.id, 'goods_code');
  });
};
