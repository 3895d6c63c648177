import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountsInviteRegistersQuery, accountsInviteRegistersResponse, inviteCodeResponse, inviteRegisterInfoQuery, inviteRegisterInfoResponse,
  inviteRegisterNewQuery, inviteRegisterNewResponse,
} from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { inviteInfo, inviteRegisterTaskInfo, invitedAccounts, inviterOf } from './invites.ts';

const tags = ['invites'];

/** Invitations (docs/product/engagement.md#invitations). Answers about the account are its own: never cached. */
export const inviteRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/invite_register/new', { schema: { tags, querystring: inviteRegisterNewQuery, response: { 200: inviteRegisterNewResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const code = request.query.invite_code;
    if (code !== undefined) {
      const inviter = await inviterOf(deps, code);
      return { inviter, invite_info: request.auth ? await inviteInfo(deps, request.auth.accountId, request.site.area) : null };
    }
    const { accountId } = requireAuth(request);
    return { invite_info: await inviteInfo(deps, accountId, request.site.area), inviter: null };
  });

  app.get('/api/accounts_invite_registers', { schema: { tags, querystring: accountsInviteRegistersQuery, response: { 200: accountsInviteRegistersResponse } } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    reply.header('cache-control', 'private, no-store');
    return invitedAccounts(deps, accountId, request.query.page);
  });

  app.get('/support/lottery/client/invite/register/info', { schema: { tags, querystring: inviteRegisterInfoQuery, response: { 200: inviteRegisterInfoResponse } } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    reply.header('cache-control', 'private, no-store');
    return inviteRegisterTaskInfo(deps, accountId, request.site.area, request.query.generalTaskId);
  });

  app.get('/support/lottery/client/invite/code', { schema: { tags, response: { 200: inviteCodeResponse } } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    reply.header('cache-control', 'private, no-store');
    const info = await inviteInfo(deps, accountId, request.site.area);
    return { code: 0, data: { invite_code: info.invite_code, invite_link: info.invite_link } };
  });
};
