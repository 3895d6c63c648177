import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createQueueRequest, exploringQueue, updateQueueRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { permissionHook } from '../../platform/access.ts';
import { idParams } from '../../platform/params.ts';
import { createQueue, updateQueue } from './staff.ts';

const tags = ['admin'];

/** A queue gives points or coupons away, so defining or changing one is an admin's power (audited as every /api/admin call). */
export const queueStaffRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.post('/api/admin/exploring_queues', { preValidation: permissionHook('api_admin'), schema: { tags, body: createQueueRequest, response: { 201: exploringQueue } } }, async (request, reply) =>
    reply.status(201).send(await createQueue(deps, request.body.queue)));

  app.patch('/api/admin/exploring_queues/:id', { preValidation: permissionHook('api_admin'), schema: { tags, params: idParams, body: updateQueueRequest, response: { 200: exploringQueue } } }, async (request) =>
    updateQueue(deps, request.params.id, request.body.queue));
};
