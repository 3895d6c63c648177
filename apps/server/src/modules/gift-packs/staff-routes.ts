import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createGiftPackRequest, giftPack, updateGiftPackRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { permissionHook } from '../../platform/access.ts';
import { idParams } from '../../platform/params.ts';
import { createGiftPack, updateGiftPack } from './staff.ts';

const tags = ['admin'];

/** A gift pack hands coupons to everyone who asks, so defining or changing one is an admin's power. */
export const giftPackStaffRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.post('/api/admin/event_gift_packs', { preValidation: permissionHook('api_admin'), schema: { tags, body: createGiftPackRequest, response: { 201: giftPack } } }, async (request, reply) =>
    reply.status(201).send(await createGiftPack(deps, request.body.event_gift_pack)));

  app.patch('/api/admin/event_gift_packs/:id', { preValidation: permissionHook('api_admin'), schema: { tags, params: idParams, body: updateGiftPackRequest, response: { 200: giftPack } } }, async (request) =>
    updateGiftPack(deps, request.params.id, request.body.event_gift_pack));
};
