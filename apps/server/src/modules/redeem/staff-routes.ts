import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { issueRedeemCodesRequest, issuedRedeemCodes } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { permissionHook } from '../../platform/access.ts';
import { issueCodesForStaff } from './staff-issue.ts';

const tags = ['admin'];

/**
 * Issuing redeem codes creates value (games, coupons, points) out of nothing, so it is an admin's power,
 * not every staff member's.
 */
export const redeemStaffRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.post('/api/admin/redeem_codes', { preValidation: permissionHook('api_admin'), schema: { tags, body: issueRedeemCodesRequest, response: { 201: issuedRedeemCodes } } }, async (request, reply) =>
    reply.status(201).send(await issueCodesForStaff(deps, request.body.redeem_codes)));
};
