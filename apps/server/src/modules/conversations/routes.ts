import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONVERSATIONS_API, conversationQuery, conversationResponse, conversationsQuery, conversationsResponse, sendPrivateMessageRequest, sendPrivateMessageResponse,
} from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { idParams } from '../../platform/params.ts';
import { viewerOf } from '../../platform/viewer.ts';
import type { FastifyRequest } from 'fastify';
import { getConversation, listConversations } from './reads.ts';
import { sendPrivateMessage } from './send.ts';
import { markConversation } from './unread.ts';

const tags = ['messaging'];
const noStore = { 'cache-control': 'private, no-store' };

/** A guest is 401 before anything else is looked at (the sign-in popup). */
async function signedIn(request: FastifyRequest) {
  requireAuth(request);
}

const readerOf = (request: FastifyRequest) => ({ ...viewerOf(request), accountId: requireAuth(request).accountId });

/** Private messages (docs/product/messaging.md#private-messages): every call is the signed-in account's own. */
export const conversationsRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get(CONVERSATIONS_API.conversations, { preValidation: signedIn, schema: { tags, querystring: conversationsQuery, response: { 200: conversationsResponse } } }, async (request, reply) => {
    reply.headers(noStore);
    return listConversations(deps, readerOf(request), request.query.page, request.query.per);
  });
  app.get(CONVERSATIONS_API.conversation(':id'), { preValidation: signedIn, schema: { tags, params: idParams, querystring: conversationQuery, response: { 200: conversationResponse } } }, async (request, reply) => {
    reply.headers(noStore);
    return getConversation(deps, readerOf(request), request.params.id, request.query.before_id, request.query.per);
  });
  app.delete(CONVERSATIONS_API.conversation(':id'), { preValidation: signedIn, schema: { tags, params: idParams } }, async (request, reply) => {
    await markConversation(deps, requireAuth(request).accountId, request.params.id, 'deleted');
    return reply.status(204).send();
  });
  app.post(CONVERSATIONS_API.privateMessages, { preValidation: signedIn, schema: { tags, body: sendPrivateMessageRequest, response: { 201: sendPrivateMessageResponse } } }, async (request, reply) => {
    const { target_id: targetId, private_message: message } = request.body;
    const sent = await sendPrivateMessage(deps, readerOf(request), { targetId, kind: message.kind, content: message.content, skuId: message.sku_id });
    return reply.status(201).send({ private_message: sent.private_message, conversation_id: sent.conversation_id });
  });
};
