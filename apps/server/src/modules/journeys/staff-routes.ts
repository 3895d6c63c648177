import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  JOURNEYS_STAFF_API, createJourneyRequest, createJourneyTaskRequest, staffJourney, staffJourneyParams, staffJourneyTaskParams, staffJourneysQuery,
  staffJourneysResponse, updateJourneyRequest, updateJourneyTaskRequest,
} from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { permissionHook } from '../../platform/access.ts';
import { addJourneyTask, createJourney, deleteJourney, deleteJourneyTask, listStaffJourneys, updateJourney, updateJourneyTask } from './staff.ts';

const tags = ['admin'];
const admins = permissionHook('api_admin');

/**
 * Journeys give points and coupons away, so defining, scheduling and closing them is an admin's power, as for
 * lotteries and red packets; every call is recorded in the audit log with every /api/admin call (a task's
 * `code` withheld). docs/product/engagement.md#journeys-staff.
 */
export const journeyStaffRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get(JOURNEYS_STAFF_API.journeys, { preValidation: admins, schema: { tags, querystring: staffJourneysQuery, response: { 200: staffJourneysResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return listStaffJourneys(deps, request.query.area);
  });

  app.post(JOURNEYS_STAFF_API.journeys, { preValidation: admins, schema: { tags, body: createJourneyRequest, response: { 201: staffJourney } } }, async (request, reply) =>
    reply.status(201).send(await createJourney(deps, request.body.journey)));

  app.patch('/api/admin/journeys/:id', { preValidation: admins, schema: { tags, params: staffJourneyParams, body: updateJourneyRequest, response: { 200: staffJourney } } }, async (request) =>
    updateJourney(deps, request.params.id, request.body.journey));

  app.delete('/api/admin/journeys/:id', { preValidation: admins, schema: { tags, params: staffJourneyParams } }, async (request, reply) => {
    await deleteJourney(deps, request.params.id);
    return reply.status(204).send();
  });

  app.post('/api/admin/journeys/:id/tasks', { preValidation: admins, schema: { tags, params: staffJourneyParams, body: createJourneyTaskRequest, response: { 201: staffJourney } } }, async (request, reply) =>
    reply.status(201).send(await addJourneyTask(deps, request.params.id, request.body.task)));

  app.patch('/api/admin/journeys/:id/tasks/:taskId', { preValidation: admins, schema: { tags, params: staffJourneyTaskParams, body: updateJourneyTaskRequest, response: { 200: staffJourney } } }, async (request) =>
    updateJourneyTask(deps, request.params.id, request.params.taskId, request.body.task));

  app.delete('/api/admin/journeys/:id/tasks/:taskId', { preValidation: admins, schema: { tags, params: staffJourneyTaskParams, response: { 200: staffJourney } } }, async (request) =>
    deleteJourneyTask(deps, request.params.id, request.params.taskId));
};
