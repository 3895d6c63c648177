import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appointModeratorBody, groupModeratorsResponse } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { dbId, idParams } from '../../platform/params.ts';
import { appointModerator, removeModerator } from './moderators.ts';

const tags = ['admin'];

/** Staff appoint and remove a group's moderators (docs/product/community.md#group-moderators); the staff API audits both. */
export const communityStaffRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.post('/api/admin/groups/:id/moderators', { schema: { tags, params: idParams, body: appointModeratorBody, response: { 200: groupModeratorsResponse } } }, async (request) =>
    appointModerator(deps, requireAuth(request).accountId, request.params.id, request.body.moderator.account_id));

  app.delete('/api/admin/groups/:id/moderators/:accountId', { schema: { tags, params: z.object({ id: dbId, accountId: dbId }), response: { 200: groupModeratorsResponse } } }, async (request) =>
    removeModerator(deps, request.params.id, request.params.accountId));
};
