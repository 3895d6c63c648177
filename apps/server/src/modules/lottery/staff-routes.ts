import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createLotteryRequest, lotteryActivity, updateLotteryRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { permissionHook } from '../../platform/access.ts';
import { idParams } from '../../platform/params.ts';
import { createLottery, updateLottery } from './staff.ts';

const tags = ['admin'];

/** A lottery gives points, coupons, games and goods away, so defining or closing one is an admin's power. */
export const lotteryStaffRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.post('/api/admin/lottery_activities', { preValidation: permissionHook('api_admin'), schema: { tags, body: createLotteryRequest, response: { 201: lotteryActivity } } }, async (request, reply) =>
    reply.status(201).send(await createLottery(deps, request.body.lottery_activity)));

  app.patch('/api/admin/lottery_activities/:id', { preValidation: permissionHook('api_admin'), schema: { tags, params: idParams, body: updateLotteryRequest, response: { 200: lotteryActivity } } }, async (request) =>
    updateLottery(deps, request.params.id, request.body.lottery_activity));
};
