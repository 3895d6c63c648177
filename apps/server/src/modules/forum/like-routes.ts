import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forumLikeIdsQuery, forumLikeRequest, forumLikeState } from '@lantern/contract';
import type { Area } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { forumOk } from '../../platform/forum-envelope.ts';
import { idParams } from '../../platform/params.ts';
import { viewerOf, type Viewer } from '../../platform/viewer.ts';
import { discussionCounts, setLike, viewerReactions, visibleTargetIds, type LikeTargetType } from '../discussion/index.ts';
import { answer, noStore, signedIn, tags } from './route-kit.ts';

/** Likes and dislikes on posts (`/post/{id}/like`) and on comments and replies (`/post/reply/{id}/like`), and batch states. */
export const likeRoutes = (deps: Deps): FastifyPluginAsyncZod => async (forum) => {
  // 1 like, 2 dislike, null (DELETE) cancels.
  const like = async (accountId: number, area: Area, type: LikeTargetType, id: number, wanted: 1 | 2 | null) => {
    const view = await setLike(deps, accountId, area, type, id, wanted).catch((error: unknown) => {
      // A reply that is gone is "comment does not exist" (303), not a missing page.
      if (type === 'Comment' && error instanceof AppError && error.status === 404) throw fail.notFound('reply');
      throw error;
    });
    return forumOk({ id, likesCount: view.likes_count, dislikesCount: view.dislikes_count, likeType: view.like_type });
  };
  forum.post('/post/:id/like', { preValidation: signedIn, schema: { tags, params: idParams, body: forumLikeRequest, response: answer(forumLikeState) } }, async (request) =>
    like(requireAuth(request).accountId, request.site.area, 'Post', request.params.id, request.body.type));
  forum.delete('/post/:id/like', { preValidation: signedIn, schema: { tags, params: idParams, response: answer(forumLikeState) } }, async (request) =>
    like(requireAuth(request).accountId, request.site.area, 'Post', request.params.id, null));
  forum.post('/post/reply/:id/like', { preValidation: signedIn, schema: { tags, params: idParams, body: forumLikeRequest, response: answer(forumLikeState) } }, async (request) =>
    like(requireAuth(request).accountId, request.site.area, 'Comment', request.params.id, request.body.type));
  forum.delete('/post/reply/:id/like', { preValidation: signedIn, schema: { tags, params: idParams, response: answer(forumLikeState) } }, async (request) =>
    like(requireAuth(request).accountId, request.site.area, 'Comment', request.params.id, null));

  // Only what the site shows: a deleted, hidden or other-site id is left out of the answer.
  const likeStates = async (viewer: Viewer, type: LikeTargetType, requested: readonly number[]) => {
    const ids = await visibleTargetIds(deps, type, requested, viewer.area);
    const [counts, mine] = await Promise.all([
      discussionCounts(deps, type, ids),
      viewer.accountId === null ? new Map<number, 1 | 2>() : viewerReactions(deps, viewer.accountId, type, ids),
    ]);
    return forumOk(ids.map((id) => ({ id, likesCount: counts.get(id)?.likes ?? 0, dislikesCount: counts.get(id)?.dislikes ?? 0, likeType: mine.get(id) ?? null })));
  };
  forum.get('/post/like', { schema: { tags, querystring: forumLikeIdsQuery, response: answer(z.array(forumLikeState)) } }, async (request, reply) => {
    reply.headers(noStore);
    return likeStates(viewerOf(request), 'Post', request.query.ids);
  });
  forum.get('/post/reply/like', { schema: { tags, querystring: forumLikeIdsQuery, response: answer(z.array(forumLikeState)) } }, async (request, reply) => {
    reply.headers(noStore);
    return likeStates(viewerOf(request), 'Comment', request.query.ids);
  });
};
