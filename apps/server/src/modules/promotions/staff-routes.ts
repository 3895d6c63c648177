import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createSeckillRequest, seckillEvent, updateSeckillRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { permissionHook } from '../../platform/access.ts';
import { idParams } from '../../platform/params.ts';
import { createSeckill, updateSeckill } from './staff.ts';

const tags = ['admin'];

/** Flash sales sell below price, so defining or changing one is an admin's power, not every staff member's. */
export const promotionStaffRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.post('/api/admin/sec_kills', { preValidation: permissionHook('api_admin'), schema: { tags, body: createSeckillRequest, response: { 201: seckillEvent } } }, async (request, reply) =>
    reply.status(201).send(await createSeckill(deps, request.body.sec_kill)));

  app.patch('/api/admin/sec_kills/:id', { preValidation: permissionHook('api_admin'), schema: { tags, params: idParams, body: updateSeckillRequest, response: { 200: seckillEvent } } }, async (request) =>
    updateSeckill(deps, request.params.id, request.body.sec_kill));
};
