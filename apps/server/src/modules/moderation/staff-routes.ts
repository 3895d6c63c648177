import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approvalsQuery, approvalsResponse, moderationActionResponse, moderationTargetParams,
  createWatchedWordRequest, muteRequest, muteState, updateWatchedWordRequest, watchedWord, watchedWordsQuery, watchedWordsResponse,
} from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { idParams } from '../../platform/params.ts';
import { createWatchedWord, deleteWatchedWord, listWatchedWords, updateWatchedWord } from './words.ts';
import { muteAccount, unmuteAccount } from './mutes.ts';
import { approvalQueue, decideApproval } from './approvals.ts';

const tags = ['admin'];

/**
 * The moderation desk (docs/product/community.md#moderation): every staff member (`api_staff`) works it. What group
 * moderators share with staff (the queue, claims, resolving, acting from the page) is in desk-routes.ts.
 */
export const moderationStaffRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/admin/approvals', { schema: { tags, querystring: approvalsQuery, response: { 200: approvalsResponse } } }, async (request) =>
    approvalQueue(deps, request.query));

  for (const decision of ['approve', 'reject'] as const) {
    app.post(`/api/admin/approvals/:type/:id/${decision}`, { schema: { tags, params: moderationTargetParams, response: { 200: moderationActionResponse } } }, async (request) =>
      decideApproval(deps, request.params.type, request.params.id, decision));
  }

  app.get('/api/admin/watched_words', { schema: { tags, querystring: watchedWordsQuery, response: { 200: watchedWordsResponse } } }, async (request) =>
    listWatchedWords(deps, request.query));

  app.post('/api/admin/watched_words', { schema: { tags, body: createWatchedWordRequest, response: { 201: watchedWord } } }, async (request, reply) =>
    reply.status(201).send(await createWatchedWord(deps, requireAuth(request).accountId, request.body.watched_word)));

  app.patch('/api/admin/watched_words/:id', { schema: { tags, params: idParams, body: updateWatchedWordRequest, response: { 200: watchedWord } } }, async (request) =>
    updateWatchedWord(deps, request.params.id, request.body.watched_word));

  app.delete('/api/admin/watched_words/:id', { schema: { tags, params: idParams } }, async (request, reply) => {
    await deleteWatchedWord(deps, request.params.id);
    return reply.status(204).send();
  });

  app.post('/api/admin/accounts/:id/mute', { schema: { tags, params: idParams, body: muteRequest, response: { 200: muteState } } }, async (request) => {
    const { days, reason } = request.body.mute;
    const until = new Date(deps.clock.now().getTime() + days * 86_400_000);
    return muteAccount(deps, request.params.id, until, reason, requireAuth(request).accountId);
  });

  app.delete('/api/admin/accounts/:id/mute', { schema: { tags, params: idParams, response: { 200: muteState } } }, async (request) =>
    unmuteAccount(deps, request.params.id, 'unmuted by staff', requireAuth(request).accountId));
};
