import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { coupon, couponArea, createCouponAreaRequest, createCouponRequest, updateCouponAreaRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { permissionHook } from '../../platform/access.ts';
import { idParams } from '../../platform/params.ts';
import { createCouponArea, updateCouponArea } from './areas.ts';
import { createCoupon } from './definitions.ts';

const tags = ['admin'];

/** Defining a coupon gives money away, so it is an admin's power, not every staff member's. */
export const couponStaffRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.post('/api/admin/coupons', { preValidation: permissionHook('api_admin'), schema: { tags, body: createCouponRequest, response: { 201: coupon } } }, async (request, reply) =>
    reply.status(201).send(await createCoupon(deps, request.body.coupon)));

  // Coupon areas only group coupons already defined, but they put them on everyone's home: admins too.
  app.post('/api/admin/coupon_areas', { preValidation: permissionHook('api_admin'), schema: { tags, body: createCouponAreaRequest, response: { 201: couponArea } } }, async (request, reply) =>
    reply.status(201).send(await createCouponArea(deps, request.body.coupon_area)));

  app.patch('/api/admin/coupon_areas/:id', { preValidation: permissionHook('api_admin'), schema: { tags, params: idParams, body: updateCouponAreaRequest, response: { 200: couponArea } } }, async (request) =>
    updateCouponArea(deps, request.params.id, request.body.coupon_area));
};
