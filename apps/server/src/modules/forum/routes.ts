import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  camelCased, forumAnswer, forumComment, forumFeedHeader, forumFixedTag, forumGroupPage, forumIntegral, forumIntegralQuery, forumLikeIdsQuery,
  forumLikeRequest, forumLikeState, forumNewReply, forumPost, forumPostPage, forumPostSearchQuery, forumRepliesQuery, forumReplyPage, forumReport,
  forumReportRequest, forumSkuOnlyQuery, forumSkuQuery, forumTag, forumThreadPage,
} from '@lantern/contract';
import { FIXED_TAG_LABELS, fixedTagOf, roleCan } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { forumErrorHandler, forumOk } from '../../platform/forum-envelope.ts';
import { idParams } from '../../platform/params.ts';
import { viewerOf } from '../../platform/viewer.ts';
import { deletePost, getPost, listPosts, postTagList } from '../community/index.ts';
import { createComment, discussionCounts, setLike, viewerReactions, visibleTargetIds, type LikeTargetType } from '../discussion/index.ts';
import { createReport } from '../moderation/index.ts';
import { joinCampaign, participation } from './integral.ts';
import { feedHeader, groupOfSku, myReview, relatedGroups, skuPosts } from './sku.ts';
import { postThreads } from './threads.ts';

const tags = ['community'];
const answer = <T extends z.ZodTypeAny>(data: T) => ({ 200: forumAnswer(data) });
const noStore = { 'cache-control': 'private, no-store' };

/**
 * The forum host's face of the community (docs/product/community.md#forum-surface; decisions/0018): the same
 * services as `/api` — community's posts and groups, discussion's comments and likes, moderation's reports —
 * answered as `{ code, data, errorMsg }` in camelCase; refusals carry the reply codes of
 * docs/product/community.md#reply-codes through the platform's forum envelope.
 */
export const forumRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  await app.register(async (scope) => {
    scope.setErrorHandler(forumErrorHandler);
    const forum = scope.withTypeProvider<ZodTypeProvider>();

    // The sku feed: the game's group, our reviews, its posts, the viewer's review.
    forum.get('/community/sku/feedHeader', { schema: { tags, querystring: forumSkuOnlyQuery, response: answer(forumFeedHeader) } }, async (request, reply) => {
      reply.headers(noStore);
      return forumOk(await feedHeader(deps, viewerOf(request), request.query.skuId));
    });
    forum.get('/community/sku/myReview', { schema: { tags, querystring: forumSkuOnlyQuery, response: answer(forumPost.nullable()) } }, async (request, reply) => {
      reply.headers(noStore);
      return forumOk(await myReview(deps, viewerOf(request), request.query.skuId));
    });
    forum.get('/community/sku/relationGroupList', { schema: { tags, querystring: forumSkuQuery, response: answer(forumGroupPage) } }, async (request) =>
      forumOk(await relatedGroups(deps, viewerOf(request), request.query.skuId, request.query)));
    forum.get('/community/sku/sonkwoReviewList', { schema: { tags, querystring: forumSkuQuery, response: answer(forumPostPage) } }, async (request) =>
      forumOk(await skuPosts(deps, viewerOf(request), request.query.skuId, { type: 'Review' }, request.query)));
    forum.get('/community/sku/relationPostList', { schema: { tags, querystring: forumSkuQuery, response: answer(forumPostPage) } }, async (request) =>
      forumOk(await skuPosts(deps, viewerOf(request), request.query.skuId, { type: 'Post' }, request.query)));

    forum.get('/tag', { schema: { tags, response: answer(z.array(forumTag)) } }, async () => forumOk((await postTagList(deps)).tags));

    // Posts: search, detail, fixed tag, delete.
    forum.get('/post/search', { schema: { tags, querystring: forumPostSearchQuery, response: answer(forumPostPage) } }, async (request) => {
      const q = request.query;
      const list = await listPosts(deps, viewerOf(request).accountId, { keyword: q.keyword, groupId: q.groupId, tagId: q.tagId, type: q.type }, { page: q.page, per: q.size });
      return forumOk({ list: camelCased(list.posts), total: list.meta.total_count, page: q.page, size: q.size });
    });
    forum.get('/post/:id', { schema: { tags, params: idParams, response: answer(forumPost) } }, async (request) =>
      forumOk(camelCased((await getPost(deps, viewerOf(request).accountId, request.params.id)).post)));
    forum.get('/post/:id/fixedTag', { schema: { tags, params: idParams, response: answer(forumFixedTag) } }, async (request) => {
      const { post } = await getPost(deps, null, request.params.id);
      const kind = fixedTagOf({ stickySequence: post.sticky_sequence, featured: post.featured, tagId: post.tag_id });
      const tag = kind === 'tag' ? (await postTagList(deps)).tags.find((t) => t.id === post.tag_id) : undefined;
      const name = kind === 'sticky' || kind === 'featured' ? FIXED_TAG_LABELS[kind] : (tag?.name ?? null);
      return forumOk({ postId: post.id, kind, tagId: kind === 'tag' ? post.tag_id : null, name });
    });
    forum.delete('/post/:id', { schema: { tags, params: idParams, response: answer(z.object({ id: z.number().int(), deleted: z.literal(true) })) } }, async (request) => {
      const auth = requireAuth(request);
      // A group moderator deletes anyone's post; anyone else only their own (403 otherwise).
      await deletePost(deps, auth.accountId, request.params.id, undefined, { moderator: roleCan(auth.role, 'api_all_group') });
      return forumOk({ id: request.params.id, deleted: true as const });
    });

    // Comments with their replies (read and written), and reports.
    forum.get('/post/:id/reply', { schema: { tags, params: idParams, querystring: forumRepliesQuery, response: answer(z.union([forumThreadPage, forumReplyPage])) } }, async (request, reply) => {
      reply.headers(noStore);
      const viewer = viewerOf(request);
      return forumOk(await postThreads(deps, viewer.area, viewer.accountId, request.params.id, request.query, request.query.commentId));
    });
    forum.post('/post/:id/reply', { preValidation: async (request) => void requireAuth(request), schema: { tags, params: idParams, body: forumNewReply, response: answer(forumComment) } }, async (request) => {
      const { accountId } = requireAuth(request);
      const b = request.body;
      const { comment } = await createComment(deps, accountId, request.site.area, {
        commentable_type: 'Post', commentable_id: request.params.id, commentary_id: b.commentId ?? null, target_reply_id: b.targetReplyId ?? null, content: b.content,
      });
      return forumOk(camelCased({ ...comment, likes_count: 0, dislikes_count: 0, like_type: null }));
    });
    forum.post('/report/submit', { preValidation: async (request) => void requireAuth(request), schema: { tags, body: forumReportRequest, response: answer(forumReport) } }, async (request) => {
      const { accountId } = requireAuth(request);
      const b = request.body;
      const { report } = await createReport(deps, accountId, { target_type: b.targetType, target_id: b.targetId, reason: b.reason, text: b.text });
      return forumOk(camelCased(report));
    });

    // Likes on posts and on comments and replies (1 like, 2 dislike), and the viewer's state of a batch.
    const like = async (accountId: number, area: 'native' | 'abroad', type: LikeTargetType, id: number, wanted: 1 | 2 | null) => {
      const view = await setLike(deps, accountId, area, type, id, wanted).catch((error: unknown) => {
        // A reply that is gone is "comment does not exist" (303), not a missing page.
        if (type === 'Comment' && error instanceof AppError && error.status === 404) throw fail.notFound('reply');
        throw error;
      });
      return forumOk({ id, likesCount: view.likes_count, dislikesCount: view.dislikes_count, likeType: view.like_type });
    };
    const signedIn = async (request: Parameters<typeof requireAuth>[0]) => {
      requireAuth(request);
      request.body ??= {};
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
    const likeStates = async (viewer: ReturnType<typeof viewerOf>, type: LikeTargetType, requested: readonly number[]) => {
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

    // Points participation: a group's points campaign (GET as the original; POST for clients that write by POST).
    const campaignOf = async (request: { query: { campaignId?: number; groupId?: number; skuId?: number } }, viewer: ReturnType<typeof viewerOf>) => {
      const { campaignId, groupId, skuId } = request.query;
      if (campaignId === undefined && groupId === undefined && skuId !== undefined) return { groupId: (await groupOfSku(deps, viewer, skuId)).id };
      return { campaignId, groupId };
    };
    for (const method of ['GET', 'POST'] as const) {
      forum.route({
        method, url: '/forum/integral/join', schema: { tags, querystring: forumIntegralQuery, response: answer(forumIntegral) },
        preValidation: async (request) => void requireAuth(request),
        handler: async (request, reply) => {
          reply.headers(noStore);
          const viewer = viewerOf(request);
          return forumOk(await joinCampaign(deps, viewer.area, requireAuth(request).accountId, await campaignOf(request, viewer)));
        },
      });
    }
    forum.get('/forum/integral/participation', { schema: { tags, querystring: forumIntegralQuery, response: answer(forumIntegral) } }, async (request, reply) => {
      reply.headers(noStore);
      const viewer = viewerOf(request);
      return forumOk(await participation(deps, viewer.area, viewer.accountId, await campaignOf(request, viewer)));
    });
  });
};
