import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  forumAnswer, forumReviewPage, forumSkuReviewsQuery, forumSteamReviewsQuery, steamEvaluation, steamEvaluationQuery,
  steamReviewsQuery, steamReviewsResponse, voteInfo, voteInfoQuery, voteRequest,
} from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { fail } from '../../platform/errors.ts';
import { viewerOf } from '../../platform/viewer.ts';
import { forumErrorHandler, forumOk } from '../../platform/forum-envelope.ts';
import { forumReviewOf, listPlatformReviews, steamEvaluationOf, type ReviewList } from './reviews.ts';
import { castVote, voteInfoOf } from './votes.ts';

const tags = ['community'];

const forumPage = (list: ReviewList, page: number, size: number) =>
  forumOk({ list: list.reviews.map(forumReviewOf), total: list.total, page, size });

/**
 * Steam and Epic reviews, the Steam evaluation and votes (docs/product/community.md#steam-and-epic-reviews,
 * #votes). Every read answers from the imported copies; the forum-host calls answer the `{ code, data,
 * errorMsg }` envelope, errors included (platform/forum-envelope.ts).
 */
export const gameReviewRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/search/steam_reviews', { schema: { tags, querystring: steamReviewsQuery, response: { 200: steamReviewsResponse } } }, async (request) => {
    const { query } = request;
    const skuId = query.sku_id ?? query.q?.sku_id_eq;
    if (skuId === undefined) throw fail.unprocessable('sku_id', 'blank');
    const list = await listPlatformReviews(deps, viewerOf(request), 'steam', [skuId], { language: query.language ?? query.q?.language_eq, page: query.page, per: query.per });
    if (!list.found) throw fail.notFound('sku_id');
    return { steam_reviews: list.reviews, meta: { total_count: list.total, page: query.page, per: query.per } };
  });

  await app.register(async (scope) => {
    scope.setErrorHandler(forumErrorHandler);
    const forum = scope.withTypeProvider<ZodTypeProvider>();
    const pageAnswer = { 200: forumAnswer(forumReviewPage) };

    forum.get('/forum/community/search/steam_reviews', { schema: { tags, querystring: forumSteamReviewsQuery, response: pageAnswer } }, async (request) => {
      const { query } = request;
      const list = await listPlatformReviews(deps, viewerOf(request), 'steam', query.skuIdList, { language: query.language, minHelpful: query.helpful_count, page: query.page, per: query.size });
      return forumPage(list, query.page, query.size);
    });

    forum.get('/community/sku/steamReviewList', { schema: { tags, querystring: forumSkuReviewsQuery, response: pageAnswer } }, async (request) => {
      const { query } = request;
      const list = await listPlatformReviews(deps, viewerOf(request), 'steam', [query.skuId], { language: query.language, page: query.page, per: query.size });
      if (!list.found) throw fail.notFound('skuId');
      return forumPage(list, query.page, query.size);
    });

    forum.get('/forum/community/search/epic_reviews', { schema: { tags, querystring: forumSkuReviewsQuery, response: pageAnswer } }, async (request) => {
      const { query } = request;
      const list = await listPlatformReviews(deps, viewerOf(request), 'epic', [query.skuId], { language: query.language, page: query.page, per: query.size });
      if (!list.found) throw fail.notFound('skuId');
      return forumPage(list, query.page, query.size);
    });

    forum.get('/forum/gameScore/sku/steamEvaluation', { schema: { tags, querystring: steamEvaluationQuery, response: { 200: forumAnswer(steamEvaluation) } } }, async (request) =>
      forumOk(await steamEvaluationOf(deps, viewerOf(request), request.query.skuid, request.query.site ?? request.site.area)));

    forum.get('/support/vote/activity/client/info', { schema: { tags, querystring: voteInfoQuery, response: { 200: forumAnswer(voteInfo.nullable()) } } }, async (request, reply) => {
      const { query } = request;
      const viewer = viewerOf(request, query.regionCode);
      reply.header('cache-control', 'private, no-store');
      return forumOk(await voteInfoOf(deps, viewer.area, viewer.accountId, { skuId: query.skuId, area: query.area, region: viewer.region }));
    });

    forum.post('/support/vote/activity/client/vote', { schema: { tags, body: voteRequest, response: { 200: forumAnswer(voteInfo) } } }, async (request) => {
      const { accountId } = requireAuth(request);
      const viewer = viewerOf(request);
      return forumOk(await castVote(deps, viewer.area, viewer.region, accountId, request.body.activityId, request.body.optionId));
    });
  });
};
