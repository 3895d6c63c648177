import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appealAccountRequest, appealDenialResponse, appealFormResponse, appealPasswordRequest, appealResetResponse, appealTokenParams,
  appealsQuery, appealsResponse, appealUploadTokenRequest, fileAppealRequest, fileAppealResponse, uploadToken,
} from '@lantern/contract';
import { APPEAL_DESCRIPTION_MAX, APPEAL_MAX_ATTACHMENTS } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { idParams } from '../../platform/params.ts';
import { fileAppeal } from './file.ts';
import { denialState, denyAppeal } from './deny.ts';
import { issueResetToken } from './release.ts';
import { resetContactWithToken, resetPasswordWithToken } from './reset.ts';
import { issueAppealSignature } from './signature.ts';
import { issueAttachmentUploadToken } from './attachments.ts';
import { countTokenCheck, listAppeals } from './tracking.ts';

const tags = ['appeals'];
const trackingOf = (headers: Record<string, unknown>) => {
  const value = headers['x-appeal-tracking'];
  return typeof value === 'string' && value.length > 0 && value.length <= 100 ? value : undefined;
};

/** Account appeals (docs/product/engagement.md#appeals); every answer carries tokens or codes, so none is stored. */
export const appealRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.addHook('onSend', async (_request, reply) => { reply.header('cache-control', 'no-store'); });

  app.get('/api/appeals/new', { schema: { tags, response: { 200: appealFormResponse } } }, async (request) => {
    const { signature, expires } = issueAppealSignature(deps, request.site.area);
    return { signature, signature_expires_at_timestamp: expires, captcha: await deps.captcha.issue(), max_attachments: APPEAL_MAX_ATTACHMENTS, description_max: APPEAL_DESCRIPTION_MAX };
  });

  app.post('/api/appeals/upload_token', { schema: { tags, body: appealUploadTokenRequest, response: { 200: uploadToken } } }, async (request) =>
    issueAttachmentUploadToken(deps, request.site.area, request.body.signature));

  app.post('/api/appeals', { schema: { tags, body: fileAppealRequest, response: { 201: fileAppealResponse } } }, async (request, reply) =>
    reply.status(201).send(await fileAppeal(deps, request.site, request.ip, request.body.appeal)));

  app.get('/api/appeals', { schema: { tags, querystring: appealsQuery, response: { 200: appealsResponse } } }, async (request) =>
    listAppeals(deps, request.site.area, request.ip, trackingOf(request.headers), request.query));

  // A reset link past its 15 minutes: the contact asks for a new one from the appeal's detail (tracking token).
  app.post('/api/appeals/:id/reset_link', { schema: { tags, params: idParams, response: { 200: z.object({ sent: z.boolean() }) } } }, async (request) => {
    const list = await listAppeals(deps, request.site.area, request.ip, trackingOf(request.headers), { id: request.params.id });
    const appeal = list.appeal!;
    if (appeal.state !== 'resettable') throw fail.unprocessable('state', 'state_invalid');
    const budget = await deps.limiter.hit(`appeal-relink:${appeal.id}`, 5, 86_400);
    if (!budget.allowed) throw fail.tooMany('rate_limit', budget.retryAfter);
    const sent = (await issueResetToken(deps, appeal.id, 'resettable')) || (await issueResetToken(deps, appeal.id, 'holding'));
    return { sent };
  });

  app.patch('/api/appeals/:token/password', { schema: { tags, params: appealTokenParams, body: appealPasswordRequest, response: { 200: appealResetResponse } } }, async (request) =>
    resetPasswordWithToken(deps, request.ip, request.params.token, request.body.appeal));

  app.patch('/api/appeals/:token/account', { schema: { tags, params: appealTokenParams, body: appealAccountRequest, response: { 200: appealResetResponse } } }, async (request) =>
    resetContactWithToken(deps, request.site, request.ip, request.params.token, request.body.appeal));

  app.get('/api/appeal_denials/:token', { schema: { tags, params: appealTokenParams, response: { 200: appealDenialResponse } } }, async (request) =>
    denialState(deps, request.ip, request.params.token));

  app.post('/api/appeal_denials/:token', { schema: { tags, params: appealTokenParams, response: { 200: appealDenialResponse } } }, async (request) =>
    denyAppeal(deps, request.ip, request.params.token));

  // The development surface only (off in production): end an accepted appeal's hold now, so e2e can reach the reset.
  if (deps.config.devSurface) {
    app.post('/__dev/appeals/:id/end_hold', { schema: { hide: true, params: idParams } }, async (request) => {
      await countTokenCheck(deps, request.ip);
      return { released: await issueResetToken(deps, request.params.id, 'holding', { holdOver: true }) };
    });
  }
};
