import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  journeyRedeemBody, journeyRewardOpened, journeyRewardsQuery, journeyRewardsResponse, journeyShareBody, journeyTaskDone, journeyTaskParams,
  journeyTasksQuery, journeyTasksResponse, registersNewQuery, registersNewResponse,
} from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { asList, idParams } from '../../platform/params.ts';
import { listJourneyTasks, listRewards, openReward, redeemTaskCode, registersNew, shareTask } from './journeys.ts';

const tags = ['journeys'];

/** Journeys, tasks and rewards (docs/product/engagement.md#tasks-and-journeys). Every answer is the account's own: never cached. */
export const journeyRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/me/journey_tasks', { schema: { tags, querystring: journeyTasksQuery, response: { 200: journeyTasksResponse } } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    reply.header('cache-control', 'private, no-store');
    const ids = request.query.q?.journey_task_id_in;
    return listJourneyTasks(deps, accountId, request.site.area, ids === undefined ? null : [...new Set(asList(ids))]);
  });

  app.post('/api/journeys/:id/journey_tasks/:taskId/shares', { schema: { tags, params: journeyTaskParams, body: journeyShareBody, response: { 201: journeyTaskDone } } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    return reply.status(201).send(await shareTask(deps, accountId, request.site.area, request.params.id, request.params.taskId));
  });

  app.post('/api/journeys/:id/journey_tasks/:taskId/redeem_codes', { schema: { tags, params: journeyTaskParams, body: journeyRedeemBody, response: { 201: journeyTaskDone } } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    return reply.status(201).send(await redeemTaskCode(deps, accountId, request.site.area, request.params.id, request.params.taskId, request.body.code));
  });

  app.get('/api/registers/new', { schema: { tags, querystring: registersNewQuery, response: { 200: registersNewResponse } } }, async (request) => {
    const ids = request.query.journey_task_ids;
    return registersNew(deps, request.site.area, ids === undefined ? null : [...new Set(asList(ids))]);
  });

  app.get('/api/me/journey_rewards', { schema: { tags, querystring: journeyRewardsQuery, response: { 200: journeyRewardsResponse } } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    reply.header('cache-control', 'private, no-store');
    return listRewards(deps, accountId, request.site.area, request.query.filter?.journey_reward_journey_id_eq);
  });

  app.patch('/api/me/journey_rewards/:id', { schema: { tags, params: idParams, response: { 200: journeyRewardOpened } } }, async (request) => {
    const { accountId } = requireAuth(request);
    return openReward(deps, accountId, request.site.area, request.params.id);
  });
};
