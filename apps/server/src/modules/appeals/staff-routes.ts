import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffAppeal, staffAppealDecision, staffAppealsQuery, staffAppealsResponse } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { idParams } from '../../platform/params.ts';
import { appealForStaff, decideAppeal, listForStaff } from './review.ts';

const tags = ['admin'];

/**
 * Staff review of appeals (docs/product/engagement.md#appeal-review): the queue, one appeal with its evidence,
 * accept or reject with a reason. In the staff scope (api_staff), recorded by the audit log like every
 * /api/admin route. Staff never choose a password or a contact: the appellant does, through the token.
 */
export const appealStaffRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/admin/appeals', { schema: { tags, querystring: staffAppealsQuery, response: { 200: staffAppealsResponse } } }, async (request) =>
    listForStaff(deps, request.query));
  app.get('/api/admin/appeals/:id', { schema: { tags, params: idParams, response: { 200: staffAppeal } } }, async (request) =>
    appealForStaff(deps, request.params.id));
  app.patch('/api/admin/appeals/:id', { schema: { tags, params: idParams, body: staffAppealDecision, response: { 200: staffAppeal } } }, async (request) =>
    decideAppeal(deps, requireAuth(request).accountId, request.params.id, request.body.decision, request.body.reason));
};
