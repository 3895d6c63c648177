import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  followResponse, followStateResponse, friendsQuery, friendsResponse, PEOPLE_API,
} from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { fail } from '../../platform/errors.ts';
import { forumErrorHandler } from '../../platform/forum-envelope.ts';
import { idParams } from '../../platform/params.ts';
import { blockRoutes } from './block-routes.ts';
import { signedIn } from './signed-in.ts';
import { follow, followState, listFriends, unfollow } from './follows.ts';
import { blockBetween } from './relations.ts';
import { findAccount } from '../accounts/index.ts';

const tags = ['users'];
const pattern = (path: (id: string) => string) => path(':id');
const noStore = { 'cache-control': 'private, no-store' };


/** Follows and friends (`/api`), and the block list (the forum host's envelope) — docs/product/people.md. */
export const peopleRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.post(pattern(PEOPLE_API.friends), { preValidation: signedIn, schema: { tags, params: idParams, response: { 200: followResponse } } }, async (request) =>
    follow(deps, requireAuth(request).accountId, request.params.id));
  app.delete(pattern(PEOPLE_API.follow), { preValidation: signedIn, schema: { tags, params: idParams, response: { 200: followResponse } } }, async (request) =>
    unfollow(deps, requireAuth(request).accountId, request.params.id));
  app.get(pattern(PEOPLE_API.follow), { schema: { tags, params: idParams, response: { 200: followStateResponse } } }, async (request, reply) => {
    reply.headers(noStore);
    const accountId = request.params.id;
    if (!(await findAccount(deps.db, accountId))) throw fail.notFound('account_id');
    const viewerId = request.auth?.accountId ?? null;
    const [state, between] = await Promise.all([
      followState(deps, viewerId, accountId),
      viewerId === null || viewerId === accountId ? null : blockBetween(deps.db, viewerId, accountId),
    ]);
    const canFollow = between !== null && !between.actorBlockedTarget && !between.blockedByTarget;
    return { account_id: accountId, ...state, blocked: between?.actorBlockedTarget ?? false, can_follow: canFollow };
  });
  app.get(pattern(PEOPLE_API.friends), { schema: { tags, params: idParams, querystring: friendsQuery, response: { 200: friendsResponse } } }, async (request, reply) => {
    reply.headers(noStore);
    const q = request.query;
    return listFriends(deps, request.params.id, request.auth?.accountId ?? null, q.kind, q.page, q.per);
  });

  // The block list answers the forum host's envelope (its error handler for this scope alone).
  await app.register(async (scope) => {
    scope.setErrorHandler(forumErrorHandler);
    await scope.register(blockRoutes(deps));
  });
};
