import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forumFeedHeader, forumGroupPage, forumPost, forumPostPage, forumSkuOnlyQuery, forumSkuQuery } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { forumOk } from '../../platform/forum-envelope.ts';
import { viewerOf } from '../../platform/viewer.ts';
import { answer, noStore, tags } from './route-kit.ts';
import { feedHeader, myReview, relatedGroups, skuPosts } from './sku.ts';

/** `/community/sku/*`: a game's feed on the forum host, by a SKU of the viewer's site. */
export const skuRoutes = (deps: Deps): FastifyPluginAsyncZod => async (forum) => {
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
};
