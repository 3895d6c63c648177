import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createVoteActivityRequest, pagingQuery, reviewApp, reviewAppRequest, updateVoteActivityRequest, voteActivitiesResponse, voteActivity } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { dbId, idParams } from '../../platform/params.ts';
import { createVoteActivity, linkReviewApp, listVoteActivities, updateVoteActivity } from './staff.ts';

const tags = ['admin'];

/** Staff (`api_staff`, the scope's guard): community votes on games, and which platform app a game's reviews come from. */
export const gameReviewStaffRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/admin/vote_activities', { schema: { tags, querystring: pagingQuery(20).extend({ sku_id: dbId.optional() }), response: { 200: voteActivitiesResponse } } }, async (request) =>
    listVoteActivities(deps, request.query));

  app.post('/api/admin/vote_activities', { schema: { tags, body: createVoteActivityRequest, response: { 201: voteActivity } } }, async (request, reply) =>
    reply.status(201).send(await createVoteActivity(deps, request.body.vote_activity)));

  app.patch('/api/admin/vote_activities/:id', { schema: { tags, params: idParams, body: updateVoteActivityRequest, response: { 200: voteActivity } } }, async (request) =>
    updateVoteActivity(deps, request.params.id, request.body.vote_activity));

  app.post('/api/admin/review_apps', { schema: { tags, body: reviewAppRequest, response: { 200: reviewApp } } }, async (request) =>
    linkReviewApp(deps, request.body.review_app));
};
