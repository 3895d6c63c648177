import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { coupon, createCouponRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { permissionHook } from '../../platform/access.ts';
import { createCoupon } from './definitions.ts';

const tags = ['admin'];

/** Defining a coupon gives money away, so it is an admin's power, not every staff member's. */
export const couponStaffRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.post('/api/admin/coupons', { preValidation: permissionHook('api_admin'), schema: { tags, body: createCouponRequest, response: { 201: coupon } } }, async (request, reply) =>
    reply.status(201).send(await createCoupon(deps, request.body.coupon)));
};
