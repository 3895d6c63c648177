import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createReplyRequest, createReplyResponse, deleteReplyResponse, headlineDetail, headlineDraft, headlineDraftRequest, headlineDraftsQuery, headlineDraftsResponse,
  headlinePageQuery, headlinePageResponse, headlineRepliesQuery, headlineRepliesResponse, headlinesQuery, headlinesResponse, repliesListQuery, repliesListResponse,
  HEADLINES_API,
} from '@lantern/contract';
import { roleCan } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { requirePermission } from '../../platform/access.ts';
import { idParams } from '../../platform/params.ts';
import { viewerOf } from '../../platform/viewer.ts';
import { getHeadline, headlinePage, listHeadlines } from './headlines.ts';
import { createReply, deleteReply, headlineComments, listRepliesOf } from './replies.ts';
import { createDraft, deleteDraft, getDraft, listDrafts, updateDraft } from './drafts.ts';

const tags = ['headlines'];
const pattern = (path: (id: string) => string) => path(':id');

/** A guest's write is 401 before its body is looked at: the web opens the sign-in popup. */
const signedIn = async (request: FastifyRequest) => {
  requireAuth(request);
};
/** Drafts are for editors (`api_all_headline`): a guest 401, anyone else 403, before the body is read. */
const editor = async (request: FastifyRequest) => {
  requirePermission(request, 'api_all_headline');
};

/** Headlines, their comments and replies, and editors' drafts (docs/product/headlines.md). */
export const headlineRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get(HEADLINES_API.headlines, { schema: { tags, querystring: headlinesQuery, response: { 200: headlinesResponse } } }, async (request) => {
    const { page, per, q } = request.query;
    return listHeadlines(deps, request.site.area, { sectionId: q?.section_id_eq, category: q?.category_eq }, page, per);
  });

  app.get(HEADLINES_API.headlinePage, { schema: { tags, querystring: headlinePageQuery, response: { 200: headlinePageResponse } } }, async (request) =>
    headlinePage(deps, request.site.area, request.query.q?.section_id_eq));

  app.get(pattern(HEADLINES_API.headline), { schema: { tags, params: idParams, response: { 200: headlineDetail } } }, async (request, reply) => {
    // The reader's own like is in the answer.
    reply.header('cache-control', 'private, no-store');
    const staff = request.auth ? roleCan(request.auth.role, 'api_staff') : false;
    return getHeadline(deps, viewerOf(request), request.params.id, staff);
  });

  app.get(pattern(HEADLINES_API.headlineReplies), { schema: { tags, params: idParams, querystring: headlineRepliesQuery, response: { 200: headlineRepliesResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const { page, per, q } = request.query;
    return headlineComments(deps, request.site.area, request.auth?.accountId ?? null, request.params.id, page, per, q?.s);
  });

  app.get(HEADLINES_API.replies, { schema: { tags, querystring: repliesListQuery, response: { 200: repliesListResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const { page, per, q } = request.query;
    return listRepliesOf(deps, request.site.area, request.auth?.accountId ?? null, q.accessible_type_eq, q.accessible_id_eq, page, per, q.s);
  });

  // A reply held for staff approval is answered 202 with `moderation_state: pending` (decisions/0020).
  app.post(HEADLINES_API.replies, { preValidation: signedIn, schema: { tags, body: createReplyRequest, response: { 201: createReplyResponse, 202: createReplyResponse } } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    const created = await createReply(deps, accountId, request.site.area, request.body.reply);
    return reply.status(created.reply.moderation_state === 'pending' ? 202 : 201).send(created);
  });

  app.delete(pattern(HEADLINES_API.reply), { preValidation: signedIn, schema: { tags, params: idParams, response: { 200: deleteReplyResponse } } }, async (request) => {
    const { accountId } = requireAuth(request);
    return deleteReply(deps, accountId, request.site.area, request.params.id);
  });

  app.get(HEADLINES_API.drafts, { preValidation: editor, schema: { tags, querystring: headlineDraftsQuery, response: { 200: headlineDraftsResponse } } }, async (request) => {
    const { accountId } = requireAuth(request);
    const { page, per, q } = request.query;
    return listDrafts(deps, accountId, request.site.area, q?.status_eq, page, per);
  });

  app.post(HEADLINES_API.drafts, { preValidation: editor, schema: { tags, body: headlineDraftRequest, response: { 201: headlineDraft } } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    return reply.status(201).send(await createDraft(deps, accountId, request.site.area, request.body.headline_draft));
  });

  app.get(pattern(HEADLINES_API.draft), { preValidation: editor, schema: { tags, params: idParams, response: { 200: headlineDraft } } }, async (request) => {
    const { accountId } = requireAuth(request);
    return getDraft(deps, accountId, request.site.area, request.params.id);
  });

  app.patch(pattern(HEADLINES_API.draft), { preValidation: editor, schema: { tags, params: idParams, body: headlineDraftRequest, response: { 200: headlineDraft } } }, async (request) => {
    const { accountId } = requireAuth(request);
    return updateDraft(deps, accountId, request.site.area, request.params.id, request.body.headline_draft);
  });

  app.delete(pattern(HEADLINES_API.draft), { preValidation: editor, schema: { tags, params: idParams, response: { 200: z.object({ id: z.number().int() }) } } }, async (request) => {
    const { accountId } = requireAuth(request);
    await deleteDraft(deps, accountId, request.site.area, request.params.id);
    return { id: request.params.id };
  });
};
