import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SITES, accountCompletionNeeds, isNicknameSafe } from '@lantern/domain';
import {
  API, bindContactRequest, clockInResponse, completeMeRequest, identificationRequest, me, meCheck, pagingQuery,
  pointDetailsResponse, walletEntriesResponse, resetPasswordRequest, unbindPhoneRequest, unlockRequest, updateMeRequest,
} from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { compiledResponse } from '../../platform/compiled-response.ts';
import { loadMeRow, presentMe } from './presenter.ts';
import { platformsOf } from './platforms.ts';
import { fail } from '../../platform/errors.ts';
import { completeMe, loadAccount, updateMe } from './profile.ts';
import { bindContact, resetPassword, unbindPhone, unlockAccount } from './contacts.ts';
import { identify } from './identification.ts';
import { moderatedGroupsOf } from './moderated-groups.ts';
import { clockIn, pointDetails } from './points.ts';
import { walletLedger } from './wallet.ts';
import { completeGuide } from './guide.ts';

const tags = ['accounts'];

export const meRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  const meOf = async (accountId: number, site: Parameters<typeof presentMe>[2]) => {
    // The account row and its linked accounts are read together (each batched across concurrent calls).
    const [row, platforms, moderated] = await Promise.all([loadMeRow(deps, accountId, site), platformsOf(deps.db, accountId), moderatedGroupsOf(deps.db, accountId)]);
    if (!row) throw fail.unauthorized();
    return presentMe(deps, row.account, site, row.extras, platforms, moderated);
  };

  // The most frequent call of a signed-in page: its answer is written by a compiled serializer.
  const meAnswer = compiledResponse(me);
  app.get('/api/me', { schema: { tags, response: { 200: meAnswer } } }, async (request) => meOf(requireAuth(request).accountId, request.site));
  // GET /api/profile is the same account view (basic info and security flags).
  app.get('/api/profile', { schema: { tags, response: { 200: meAnswer } } }, async (request) => meOf(requireAuth(request).accountId, request.site));

  app.patch('/api/me', { schema: { tags, body: updateMeRequest, response: { 200: me } } }, async (request) => {
    const { accountId } = requireAuth(request);
    await updateMe(deps, request.site, accountId, request.body.account);
    return meOf(accountId, request.site);
  });

  app.put('/api/me', { schema: { tags, body: completeMeRequest, response: { 200: me } } }, async (request) => {
    const session = requireAuth(request);
    await completeMe(deps, request.site, session, request.body.account);
    return meOf(session.accountId, request.site);
  });

  app.get('/api/me/check', { schema: { tags, response: { 200: meCheck } } }, async (request) => {
    const account = await loadAccount(deps, requireAuth(request).accountId);
    const identified = account.credentialHash !== null;
    const safe = isNicknameSafe(account.nickname);
    // Only what is missing is asked (docs/product/accounts.md#account-completion); the nickname popup only when nothing else is.
    const missing = accountCompletionNeeds({
      area: request.site.area, staff: account.role !== 'user', identified, hasPhone: account.phone !== null, hasPassword: account.passwordHash !== null,
    });
    return { is_identification: identified, is_nickname_safe: safe, safrv: account.safrv, need_identification: missing.length > 0, need_basic_info: missing.length === 0 && !safe, missing };
  });

  // The beginners' guide was closed or finished: shown once per account (docs/product/screens.md#guide).
  app.patch(API.meGuide, { schema: { tags } }, async (request, reply) => {
    await completeGuide(deps, requireAuth(request).accountId);
    return reply.status(204).send();
  });

  for (const [path, channel] of [['/api/me/phone/password', 'sms'], ['/api/me/email/password', 'email']] as const) {
    app.patch(path, { schema: { tags, body: resetPasswordRequest } }, async (request, reply) => {
      await resetPassword(deps, request.site, channel, request.body.account);
      return reply.status(204).send();
    });
  }

  for (const [path, channel] of [['/api/me/email', 'email'], ['/api/me/phone', 'sms']] as const) {
    app.post(path, { schema: { tags, body: bindContactRequest, response: { 201: me } } }, async (request, reply) => {
      const session = requireAuth(request);
      await bindContact(deps, request.site, session, channel, 'bind', request.body.account);
      return reply.status(201).send(await meOf(session.accountId, request.site));
    });
    app.patch(path, { schema: { tags, body: bindContactRequest, response: { 200: me } } }, async (request) => {
      const session = requireAuth(request);
      await bindContact(deps, request.site, session, channel, 'change', request.body.account);
      return meOf(session.accountId, request.site);
    });
  }

  app.patch('/api/me/unbind/phone', { schema: { tags, body: unbindPhoneRequest, response: { 200: me } } }, async (request) => {
    const session = requireAuth(request);
    await unbindPhone(deps, request.site, session, request.body.account.code);
    return meOf(session.accountId, request.site);
  });

  app.put('/api/me/unlock', { schema: { tags, body: unlockRequest } }, async (request, reply) => {
    await unlockAccount(deps, request.site, request.body.account.login, request.body.account.code);
    return reply.status(204).send();
  });

  app.post('/api/identification', { schema: { tags, body: identificationRequest, response: { 201: me } } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    await identify(deps, request.site, accountId, request.body.identification);
    return reply.status(201).send(await meOf(accountId, request.site));
  });

  app.post('/api/me/clock_in', { schema: { tags, response: { 201: clockInResponse } } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    const account = await loadAccount(deps, accountId);
    const { score_added } = await clockIn(deps, account.homeArea, accountId);
    const view = await meOf(accountId, request.site);
    return reply.status(201).send({ score_added, point: view.point });
  });

  app.get('/api/me/wallet_entries', { schema: { tags, querystring: pagingQuery(10), response: { 200: walletEntriesResponse } } }, async (request) =>
    walletLedger(deps.db, requireAuth(request).accountId, SITES[request.site.area].currency, request.query.page, request.query.per),
  );

  app.get('/api/point_details', { schema: { tags, querystring: pagingQuery(10), response: { 200: pointDetailsResponse } } }, async (request) =>
    pointDetails(deps, requireAuth(request).accountId, request.query.page, request.query.per),
  );
};
