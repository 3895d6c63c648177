import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  communityGamesQuery, communityGamesResponse, libraryGameDetail, libraryGamesQuery, libraryGamesResponse, ownedOrderGamesResponse, pagingQuery, publicLibraryGame,
} from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { idParams } from '../../platform/params.ts';
import { listOwnedLines } from '../orders/index.ts';
import { getGame, getPublicGame, listCommunityGames, listGames } from './library.ts';

const tags = ['library'];

/** The library (docs/product/buying.md#library): my games, one of them, what I bought with its keys, a profile's games, and one of them. */
export const libraryRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/me/games', { schema: { tags, querystring: pagingQuery(10).extend(libraryGamesQuery.shape), response: { 200: libraryGamesResponse } } }, async (request) => {
    const { accountId } = requireAuth(request);
    const { page, per, q } = request.query;
    return listGames(deps, accountId, request.site.area, { keyType: q?.key_type_eq, kind: q?.kind_eq }, page, per);
  });

  app.get('/api/me/games/:id', { schema: { tags, params: idParams, response: { 200: libraryGameDetail } } }, async (request) => {
    const { accountId } = requireAuth(request);
    return getGame(deps, accountId, request.params.id);
  });

  app.get('/api/me/order_games', { schema: { tags, querystring: pagingQuery(10), response: { 200: ownedOrderGamesResponse } } }, async (request) => {
    const { accountId } = requireAuth(request);
    return listOwnedLines(deps, accountId, request.site.area, request.query.page, request.query.per);
  });

  app.get('/api/accounts/:id/community_games', { schema: { tags, params: idParams, querystring: communityGamesQuery, response: { 200: communityGamesResponse } } }, async (request) =>
    listCommunityGames(deps, request.params.id, request.site.area, request.query.page, request.query.per));

  app.get('/api/all_games/:id', { schema: { tags, params: idParams, response: { 200: publicLibraryGame } } }, async (request) => getPublicGame(deps, request.params.id));
};
