import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountGroupsBody, communityHomeResponse, communitySearchQuery, communitySearchResponse, contributorsResponse, draftBody, draftResponse,
  draftSaveResponse, evaluation, groupDetailResponse, groupPostBody, groupResponse, groupsQuery, groupsResponse, interestResponse,
  interestsQuery, ipResponse, joinResponse, newPostQuery, pagingQuery, postPageResponse, postResponse, postsResponse, postTabsResponse,
  postTagsQuery, postTagsResponse, prefixSearchQuery, prefixSearchResponse, reviewBody, searchPostsQuery, subjectsQuery, subjectsResponse,
  userReviewsQuery, userReviewsResponse,
} from '@lantern/contract';
import { PAGE_SIZES, permissionsOf, roleCan } from '@lantern/domain';
import { unseenCommentCounts } from '../discussion/index.ts';
import { hiddenAuthorsFor } from '../people/index.ts';
import { moderatedGroupsOf } from '../accounts/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { answerShared } from '../../platform/shared-reads.ts';
import { idParams, dbId } from '../../platform/params.ts';
import { viewerOf } from '../../platform/viewer.ts';
import { createReview, editDraft, newDraft, saveDraft } from './drafts.ts';
import {
  accountGroups, communitiesGroups, contributors, groupDetail, groupEvaluation, groupHalls, joinGroups, listGroups, productGroup,
  recommendGroups, setMembership,
} from './groups.ts';
import { communitySearch, interestOf, ipOf, POST_TABS, postTagList, prefixSearch, userReviews } from './lookups.ts';
import { assertMayArrange, moderateGroupPost } from './moderation.ts';
import { deletePost, getPost, hotPosts, listPosts, recentPosts, subjects } from './posts.ts';

const tags = ['community'];

/**
 * A post's page: the post, and whether the viewer blocked its author — the page then opens with a notice instead
 * of the post (docs/product/people.md#direct-links). The block list is the one the reader's lists are filtered
 * with (kept per instance a few seconds, forgotten at once by a block or unblock), read alongside the post.
 */
async function postPage(deps: Deps, viewerId: number | null, id: number, viewerIsStaff = false, moderatedGroupIds: readonly number[] = []) {
  const [answer, hidden] = await Promise.all([getPost(deps, viewerId, id, viewerIsStaff, moderatedGroupIds), hiddenAuthorsFor(deps, viewerId)]);
  return { ...answer, author_blocked: hidden.has(answer.post.account_id) };
}

const groupPostParams = z.object({ id: dbId, postId: dbId });
const paging10 = pagingQuery(10);

/** The community's calls (docs/product/community.md). Reads are public; every write needs a signed-in account. */
export const communityRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  // Groups
  app.get('/api/groups', { schema: { tags, querystring: groupsQuery, response: { 200: groupsResponse } } }, async (request) => {
    const viewer = viewerOf(request);
    return listGroups(deps, viewer.area, viewer.accountId, request.query.q ?? {}, request.query);
  });
  app.get('/api/groups/:id', { schema: { tags, params: idParams, response: { 200: groupDetailResponse } } }, async (request) => {
    const viewer = viewerOf(request);
    return groupDetail(deps, viewer.area, viewer.accountId, request.params.id);
  });
  app.get('/api/groups/:id/contributors', { schema: { tags, params: idParams, querystring: paging10, response: { 200: contributorsResponse } } }, async (request) => {
    await groupEvaluation(deps, request.params.id);
    return contributors(deps, request.params.id, request.query);
  });
  app.get('/api/groups/:id/evaluation', { schema: { tags, params: idParams, response: { 200: evaluation } } }, async (request) => groupEvaluation(deps, request.params.id));
  app.post('/api/groups/:id/join', { schema: { tags, params: idParams, response: { 200: joinResponse } } }, async (request) =>
    setMembership(deps, requireAuth(request).accountId, request.params.id, true));
  app.delete('/api/groups/:id/join', { schema: { tags, params: idParams, response: { 200: joinResponse } } }, async (request) =>
    setMembership(deps, requireAuth(request).accountId, request.params.id, false));
  app.patch('/api/groups/:id/posts/:postId', { schema: { tags, params: groupPostParams, body: groupPostBody, response: { 200: postResponse } } }, async (request) => {
    const auth = requireAuth(request);
    // Every group's holders of `api_all_group`, or the group's own moderators (decisions/0043), each change by the domain's rule.
    const groups = roleCan(auth.role, 'api_all_group') ? [] : await moderatedGroupsOf(deps.db, auth.accountId);
    assertMayArrange(permissionsOf(auth.role), groups, request.params.id, request.body.post);
    return moderateGroupPost(deps, auth.accountId, request.params.id, request.params.postId, request.body.post);
  });
  app.get('/api/group_halls', { schema: { tags, querystring: paging10, response: { 200: groupsResponse } } }, async (request) => {
    const viewer = viewerOf(request);
    return groupHalls(deps, viewer.area, viewer.accountId, request.query);
  });
  app.get('/api/communities/groups', { schema: { tags, querystring: paging10, response: { 200: groupsResponse } } }, async (request) => {
    const viewer = viewerOf(request);
    return communitiesGroups(deps, viewer.area, viewer.accountId, request.query);
  });
  app.get('/api/recommend/groups', { schema: { tags, querystring: pagingQuery(PAGE_SIZES.recommended_groups), response: { 200: groupsResponse } } }, async (request) => {
    const viewer = viewerOf(request);
    return recommendGroups(deps, viewer.area, viewer.accountId, request.query);
  });
  app.get('/api/products/:id/group', { schema: { tags, params: idParams, response: { 200: groupResponse } } }, async (request) => {
    const viewer = viewerOf(request);
    return productGroup(deps, viewer.area, viewer.accountId, request.params.id);
  });
  app.get('/api/accounts/:id/groups', { schema: { tags, params: idParams, querystring: paging10, response: { 200: groupsResponse } } }, async (request) => {
    const viewer = viewerOf(request);
    return accountGroups(deps, viewer.area, request.params.id, viewer.accountId, request.query);
  });
  app.post('/api/accounts/:id/groups', { schema: { tags, params: idParams, body: accountGroupsBody, response: { 200: groupsResponse } } }, async (request) => {
    const { accountId } = requireAuth(request);
    if (accountId !== request.params.id) throw fail.forbidden();
    return joinGroups(deps, request.site.area, accountId, request.body.group_ids);
  });
  app.get('/api/community_home', { schema: { tags, response: { 200: communityHomeResponse } } }, async (request) => {
    const viewer = viewerOf(request);
    const first = (per: number) => ({ page: 1, per });
    const [halls, hots, recent, recommended, mine] = await Promise.all([
      groupHalls(deps, viewer.area, viewer.accountId, first(8)),
      hotPosts(deps, viewer.accountId, first(6)),
      recentPosts(deps, viewer.accountId, PAGE_SIZES.posts),
      recommendGroups(deps, viewer.area, viewer.accountId, first(PAGE_SIZES.recommended_groups)),
      viewer.accountId === null ? null : accountGroups(deps, viewer.area, viewer.accountId, viewer.accountId, first(8)),
    ]);
    return { group_halls: halls.groups, hot_posts: hots.posts, recent_posts: recent, recommend_groups: recommended.groups, my_groups: mine?.groups ?? [] };
  });
  app.get('/api/hots', { schema: { tags, querystring: paging10, response: { 200: postsResponse } } }, async (request) => hotPosts(deps, viewerOf(request).accountId, request.query));

  // Posts, reviews and drafts
  // Lists and post pages are the same for every reader but for `own`: shared reads (platform/shared-reads.ts).
  app.get('/api/search/posts', { schema: { tags, querystring: searchPostsQuery, response: { 200: postsResponse } } }, async (request, reply) => {
    const q = request.query;
    const filter = { groupId: q.group_id, type: q.type, isLong: q.is_long, tagId: q.tag_id, accountId: q.account_id, keyword: q.keyword };
    return answerShared(deps, request, reply, viewerOf(request, q.region).accountId, {
      key: `community:posts:${JSON.stringify(q)}`,
      schema: postsResponse,
      build: (viewerId) => listPosts(deps, viewerId, filter, q, q.order),
      overlay: async (shared, viewerId) => {
        // A reader who blocked someone gets their own page, without what those accounts wrote and with a total
        // that does not count it (docs/product/people.md#what-a-block-does); everyone else shares one.
        if ((await hiddenAuthorsFor(deps, viewerId)).size > 0) return listPosts(deps, viewerId, filter, q, q.order);
        return shared;
      },
      // The reader's own posts are marked `own` in the shared bytes.
      owners: (shared) => shared.posts.map((p) => p.account_id),
    });
  });
  app.get('/api/posts/new', { schema: { tags, querystring: newPostQuery, response: { 200: draftResponse } } }, async (request) => {
    const { accountId } = requireAuth(request);
    return newDraft(deps, accountId, request.site.area, request.query.group_id, request.query.type, request.query.is_long);
  });
  app.get('/api/posts/:id', { schema: { tags, params: idParams, response: { 200: postPageResponse } } }, async (request, reply) => {
    const viewerId = viewerOf(request).accountId;
    // Staff see hidden and pending posts too: theirs is always built fresh.
    if (request.auth !== null && roleCan(request.auth.role, 'api_staff')) return postPage(deps, viewerId, request.params.id, true);
    return answerShared(deps, request, reply, viewerId, {
      key: `community:post:${request.params.id}`,
      schema: postPageResponse,
      build: (as) => postPage(deps, as, request.params.id),
      overlay: async (shared, as) => {
        const own = shared.post.account_id === as;
        // The shared copy is a guest's (`author_blocked` false); the reader's block list is laid over it, and
        // the comment count made theirs (without what the accounts they blocked wrote), as their comment list.
        const hidden = await hiddenAuthorsFor(deps, as);
        const blocked = hidden.has(shared.post.account_id);
        const unseen = hidden.size > 0 ? ((await unseenCommentCounts(deps, 'Post', [shared.post.id], [...hidden])).get(shared.post.id) ?? 0) : 0;
        if (!own && !blocked && unseen === 0) return shared;
        const post = { ...shared.post, ...(own ? { own } : {}), comments_count: Math.max(0, shared.post.comments_count - unseen) };
        return { post, author_blocked: blocked };
      },
    }).catch(async (error: unknown) => {
      // Not there for readers: a moderator of its group still reads it if it was hidden (decisions/0043). Asked
      // only on this path, so readers' pages cost nothing more.
      if (viewerId === null || !(error instanceof AppError) || error.status !== 404) throw error;
      const groups = await moderatedGroupsOf(deps.db, viewerId);
      if (groups.length === 0) throw error;
      return postPage(deps, viewerId, request.params.id, false, groups);
    });
  });
  app.get('/api/posts/:id/edit', { schema: { tags, params: idParams, response: { 200: draftResponse } } }, async (request) => editDraft(deps, requireAuth(request).accountId, request.params.id));
  app.delete('/api/posts/:id', { schema: { tags, params: idParams } }, async (request, reply) => {
    await deletePost(deps, requireAuth(request).accountId, request.params.id);
    return reply.status(204).send();
  });
  // A text held for staff approval is answered 202 with `moderation_state: pending` (decisions/0020).
  app.patch('/api/drafts/:id', { schema: { tags, params: idParams, body: draftBody, response: { 200: draftSaveResponse, 202: draftSaveResponse } } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    const { publish, ...fields } = request.body.draft;
    const saved = await saveDraft(deps, accountId, request.params.id, fields, publish === true);
    return reply.status(saved.draft.status === 'pending' ? 202 : 200).send(saved);
  });
  app.post('/api/reviews', { schema: { tags, body: reviewBody, response: { 201: postResponse, 202: postResponse } } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    const created = await createReview(deps, accountId, request.site.area, request.body.review);
    return reply.status(created.post.moderation_state === 'pending' ? 202 : 201).send(created);
  });
  app.get('/api/reviews/:id/edit', { schema: { tags, params: idParams, response: { 200: draftResponse } } }, async (request) => editDraft(deps, requireAuth(request).accountId, request.params.id, 'Review'));
  app.delete('/api/reviews/:id', { schema: { tags, params: idParams } }, async (request, reply) => {
    await deletePost(deps, requireAuth(request).accountId, request.params.id, 'Review');
    return reply.status(204).send();
  });
  app.get('/api/subjects', { schema: { tags, querystring: subjectsQuery, response: { 200: subjectsResponse } } }, async (request) =>
    subjects(deps, viewerOf(request).accountId, request.query.kind, request.query));
  app.get('/api/tags', { schema: { tags, querystring: postTagsQuery, response: { 200: postTagsResponse } } }, async () => postTagList(deps));
  app.get('/api/community/post_tabs', { schema: { tags, response: { 200: postTabsResponse } } }, async () => ({ tabs: POST_TABS }));
  app.get('/api/interests', { schema: { tags, querystring: interestsQuery, response: { 200: interestResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return interestOf(deps, viewerOf(request).accountId, request.query.game_id);
  });
  app.get('/api/ip', { schema: { tags, response: { 200: ipResponse } } }, async (request) => {
    const viewer = viewerOf(request);
    return ipOf(deps, request.ip, viewer.area, viewer.region);
  });
  app.get('/api/search', { schema: { tags, querystring: communitySearchQuery, response: { 200: communitySearchResponse } } }, async (request) =>
    communitySearch(deps, viewerOf(request), request.query.keyword, request.query.type, request.query));
  app.get('/api/prefix_search', { schema: { tags, querystring: prefixSearchQuery, response: { 200: prefixSearchResponse } } }, async (request) => {
    requireAuth(request);
    return prefixSearch(deps, request.query.keyword ?? request.query.prefix);
  });
  app.get('/api/user_center/reviews', { schema: { tags, querystring: userReviewsQuery, response: { 200: userReviewsResponse } } }, async (request) => {
    const { accountId } = requireAuth(request);
    return userReviews(deps, accountId, request.site.area, request.query.type, request.query);
  });
};
