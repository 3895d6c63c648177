import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  camelCased, forumAnswer, forumComment, forumFixedTag, forumNewReply, forumPost, forumPostPage, forumPostSearchQuery, forumRepliesQuery,
  forumReplyPage, forumReport, forumReportRequest, forumTag, forumThreadPage,
} from '@lantern/contract';
import { FIXED_TAG_LABELS, fixedTagOf, roleCan } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { forumOk } from '../../platform/forum-envelope.ts';
import { idParams } from '../../platform/params.ts';
import { viewerOf } from '../../platform/viewer.ts';
import { deletePost, getPost, listPosts, postTagList } from '../community/index.ts';
import { createComment } from '../discussion/index.ts';
import { createReport } from '../moderation/index.ts';
import { answer, noStore, signedIn, tags } from './route-kit.ts';
import { postThreads } from './threads.ts';

/** `/tag`, `/post/*` (search, detail, fixed tag, delete, comments and replies) and `/report/submit`. */
export const postRoutes = (deps: Deps): FastifyPluginAsyncZod => async (forum) => {
  forum.get('/tag', { schema: { tags, response: answer(z.array(forumTag)) } }, async () => forumOk((await postTagList(deps)).tags));

  // Posts: search, detail, fixed tag, delete.
  forum.get('/post/search', { schema: { tags, querystring: forumPostSearchQuery, response: answer(forumPostPage) } }, async (request) => {
    const q = request.query;
    const list = await listPosts(deps, viewerOf(request).accountId, { keyword: q.keyword, groupId: q.groupId, tagId: q.tagId, type: q.type }, { page: q.page, per: q.size });
    return forumOk({ list: camelCased(list.posts), total: list.meta.total_count, page: q.page, size: q.size });
  });
  // A pending or hidden post only to its author and staff, with its state, as GET /api/posts/{id} (404 to others).
  const visiblePost = (request: FastifyRequest, id: number) =>
    getPost(deps, viewerOf(request).accountId, id, request.auth !== null && roleCan(request.auth.role, 'api_staff'));
  forum.get('/post/:id', { schema: { tags, params: idParams, response: answer(forumPost) } }, async (request, reply) => {
    reply.headers(noStore);
    return forumOk(camelCased((await visiblePost(request, request.params.id)).post));
  });
  forum.get('/post/:id/fixedTag', { schema: { tags, params: idParams, response: answer(forumFixedTag) } }, async (request) => {
    const { post } = await visiblePost(request, request.params.id);
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
  // A comment held for staff approval is HTTP 202 with `moderationState: pending`, as on /api; its reply code stays
  // 200 (a success: 202 is the muted refusal's code), so the client tells it apart by the state.
  forum.post('/post/:id/reply', { preValidation: signedIn, schema: { tags, params: idParams, body: forumNewReply, response: { ...answer(forumComment), 202: forumAnswer(forumComment) } } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    const b = request.body;
    const { comment } = await createComment(deps, accountId, request.site.area, {
      commentable_type: 'Post', commentable_id: request.params.id, commentary_id: b.commentId ?? null, target_reply_id: b.targetReplyId ?? null, content: b.content,
    });
    return reply.status(comment.moderation_state === 'pending' ? 202 : 200).send(forumOk(camelCased({ ...comment, likes_count: 0, dislikes_count: 0, like_type: null })));
  });
  forum.post('/report/submit', { preValidation: signedIn, schema: { tags, body: forumReportRequest, response: answer(forumReport) } }, async (request) => {
    const { accountId } = requireAuth(request);
    const b = request.body;
    const { report } = await createReport(deps, accountId, { target_type: b.targetType, target_id: b.targetId, reason: b.reason, text: b.text });
    return forumOk(camelCased(report));
  });
};
