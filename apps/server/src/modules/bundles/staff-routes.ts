import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bundleActivity, createBundleRequest, updateBundleRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { permissionHook } from '../../platform/access.ts';
import { idParams } from '../../platform/params.ts';
import { createBundle, updateBundle } from './staff.ts';

const tags = ['admin'];

/** A bundle sells below the regular prices, so defining or changing one is an admin's power (audited as every /api/admin call). */
export const bundleStaffRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.post('/api/admin/bundle_promo_activities', { preValidation: permissionHook('api_admin'), schema: { tags, body: createBundleRequest, response: { 201: bundleActivity } } }, async (request, reply) =>
    reply.status(201).send(await createBundle(deps, request.body.bundle)));

  app.patch('/api/admin/bundle_promo_activities/:id', { preValidation: permissionHook('api_admin'), schema: { tags, params: idParams, body: updateBundleRequest, response: { 200: bundleActivity } } }, async (request) =>
    updateBundle(deps, request.params.id, request.body.bundle));
};
