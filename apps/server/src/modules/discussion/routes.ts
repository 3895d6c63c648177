import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountCommentsQuery, accountCommentsResponse, commentsQuery, commentsResponse, createCommentRequest, createCommentResponse,
  deleteCommentResponse, likeRequest, likeResponse, postLikeRequest, repliesQuery, repliesResponse, DISCUSSION_API,
} from '@lantern/contract';
import { commentsPageSize, type LikeState } from '@lantern/domain';
import { hiddenAuthors } from './reach-guard.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { idParams } from '../../platform/params.ts';
import { answerShared } from '../../platform/shared-reads.ts';
import { createComment, deleteComment, listAccountComments, listComments, listReplies } from './comments.ts';
import { setLike } from './likes.ts';
import { batchedReactionsOf } from './viewer-reactions.ts';
import type { DiscussionTargetType } from './targets.ts';

const tags = ['community'];

/** A guest's write is 401 before its body is looked at: the web opens the sign-in popup, not a form error. */
const signedIn = async (request: FastifyRequest) => {
  requireAuth(request);
};
/** POST /api/posts/{id}/like may come without a body (a plain like). */
const signedInEmptyBodyOk = async (request: FastifyRequest) => {
  requireAuth(request);
  request.body ??= {};
};
const pattern = (path: (id: string) => string) => path(':id');

/** Comments, replies and likes (docs/product/community.md#comments, #likes). Every write needs a signed-in account (401). */
export const discussionRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get(DISCUSSION_API.comments, { schema: { tags, querystring: commentsQuery, response: { 200: commentsResponse } } }, async (request, reply) => {
    const q = request.query;
    reply.header('cache-control', 'private, no-store');
    // The same page for every reader but for their like of the target: a shared read (platform/shared-reads.ts).
    return answerShared(deps, request, reply, request.auth?.accountId ?? null, {
      key: `comments:${request.site.area}:${JSON.stringify(q)}`,
      schema: commentsResponse,
      build: (viewerId) => listComments(deps, request.site.area, viewerId, q.commentable_type, q.commentable_id, q.page, q.per ?? commentsPageSize(q.commentable_type)),
      overlay: async (shared, viewerId) => {
        const [reactions, hidden] = await Promise.all([batchedReactionsOf(deps.db, viewerId, q.commentable_type, [q.commentable_id]), hiddenAuthors(deps, viewerId)]);
        // A reader who blocked someone gets their own page, without what those accounts wrote and with a total
        // that does not count it (docs/product/people.md#what-a-block-does); everyone else shares one.
        if (hidden.size > 0) return listComments(deps, request.site.area, viewerId, q.commentable_type, q.commentable_id, q.page, q.per ?? commentsPageSize(q.commentable_type));
        const held = reactions.get(q.commentable_id);
        return held === undefined ? shared : { ...shared, commentable: { ...shared.commentable, like_type: held } };
      },
    });
  });

  // A comment held for staff approval is answered 202 with `moderation_state: pending` (decisions/0020).
  app.post(DISCUSSION_API.comments, { preValidation: signedIn, schema: { tags, body: createCommentRequest, response: { 201: createCommentResponse, 202: createCommentResponse } } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    const created = await createComment(deps, accountId, request.site.area, request.body.comment);
    return reply.status(created.comment.moderation_state === 'pending' ? 202 : 201).send(created);
  });

  app.delete(pattern(DISCUSSION_API.comment), { preValidation: signedIn, schema: { tags, params: idParams, response: { 200: deleteCommentResponse } } }, async (request) => {
    const { accountId } = requireAuth(request);
    return deleteComment(deps, accountId, request.site.area, request.params.id);
  });

  app.get(pattern(DISCUSSION_API.replies), { schema: { tags, params: idParams, querystring: repliesQuery, response: { 200: repliesResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return listReplies(deps, request.site.area, request.params.id, request.query.page, request.query.per, undefined, request.auth?.accountId ?? null);
  });

  const like = async (accountId: number, area: 'native' | 'abroad', type: DiscussionTargetType, id: number, wanted: LikeState | undefined) => {
    const view = await setLike(deps, accountId, area, type, id, wanted === undefined ? 1 : wanted);
    return { like: { accessible_type: type, accessible_id: id, ...view } };
  };
  for (const path of [DISCUSSION_API.like, DISCUSSION_API.likes]) {
    app.post(path, { preValidation: signedIn, schema: { tags, body: likeRequest, response: { 200: likeResponse } } }, async (request) => {
      const { accountId } = requireAuth(request);
      const { accessible_type, accessible_id, type } = request.body.like;
      return like(accountId, request.site.area, accessible_type, accessible_id, type);
    });
  }

  app.post(pattern(DISCUSSION_API.postLike), { preValidation: signedInEmptyBodyOk, schema: { tags, params: idParams, body: postLikeRequest, response: { 200: likeResponse } } }, async (request) => {
    const { accountId } = requireAuth(request);
    return like(accountId, request.site.area, 'Post', request.params.id, request.body.type);
  });

  app.get(pattern(DISCUSSION_API.accountComments), { schema: { tags, params: idParams, querystring: accountCommentsQuery, response: { 200: accountCommentsResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const { page, per, reply: replies } = request.query;
    return listAccountComments(deps, request.site.area, request.params.id, page, per, request.auth?.accountId ?? null, replies);
  });
};
