import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createRedPacketEventRequest, redPacketEvent, updateRedPacketEventRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { permissionHook } from '../../platform/access.ts';
import { idParams } from '../../platform/params.ts';
import { createRedPacketEvent, updateRedPacketEvent } from './staff.ts';

const tags = ['admin'];

/** A red-packet event hands out the store's cash, so defining or changing one is an admin's power (audited with every /api/admin call). */
export const redPacketStaffRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.post('/api/admin/red_packet_events', { preValidation: permissionHook('api_admin'), schema: { tags, body: createRedPacketEventRequest, response: { 201: redPacketEvent } } }, async (request, reply) =>
    reply.status(201).send(await createRedPacketEvent(deps, request.body.event)));

  app.patch('/api/admin/red_packet_events/:id', { preValidation: permissionHook('api_admin'), schema: { tags, params: idParams, body: updateRedPacketEventRequest, response: { 200: redPacketEvent } } }, async (request) =>
    updateRedPacketEvent(deps, request.params.id, request.body.event));
};
