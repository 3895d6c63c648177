import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { purchaseBanRequest, purchaseBanState } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { permissionHook } from '../../platform/access.ts';
import { idParams } from '../../platform/params.ts';
import { setPurchaseBan } from './purchase-ban.ts';

const tags = ['admin'];

/** Barring an account from buying is an admin's decision, not every staff member's. */
export const accountStaffRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.patch('/api/admin/accounts/:id/purchase_ban', { preValidation: permissionHook('api_admin'), schema: { tags, params: idParams, body: purchaseBanRequest, response: { 200: purchaseBanState } } }, async (request) =>
    setPurchaseBan(deps, request.params.id, request.body.purchase_ban.banned));
};
