import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createPointRedeemRequest, pointRedeem, updatePointRedeemRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { permissionHook } from '../../platform/access.ts';
import { idParams } from '../../platform/params.ts';
import { createPointRedeem, updatePointRedeem } from './staff.ts';

const tags = ['admin'];

/** A point redeem gives games and coupons away for points, so defining or changing one is an admin's power. */
export const pointsShopStaffRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.post('/api/admin/point_redeems', { preValidation: permissionHook('api_admin'), schema: { tags, body: createPointRedeemRequest, response: { 201: pointRedeem } } }, async (request, reply) =>
    reply.status(201).send(await createPointRedeem(deps, request.body.point_redeem)));

  app.patch('/api/admin/point_redeems/:id', { preValidation: permissionHook('api_admin'), schema: { tags, params: idParams, body: updatePointRedeemRequest, response: { 200: pointRedeem } } }, async (request) =>
    updatePointRedeem(deps, request.params.id, request.body.point_redeem));
};
