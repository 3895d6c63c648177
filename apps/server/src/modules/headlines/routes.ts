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
import { answerShared } from '../../platform/shared-reads.ts';
import { hiddenAuthors, viewerReactions } from '../discussion/index.ts';
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
  // The lists, an article and its first comments are the same for every reader but for the reader's own like:
  // shared reads (platform/shared-reads.ts, decisions/0022 "Reading at speed"), built once per key and cache lifetime.
  app.get(HEADLINES_API.headlines, { schema: { tags, querystring: headlinesQuery, response: { 200: headlinesResponse } } }, async (request, reply) => {
    const { page, per, q } = request.query;
    const area = request.site.area;
    return answerShared(deps, request, reply, request.auth?.accountId ?? null, {
      key: `headlines:${area}:${JSON.stringify(request.query)}`,
      schema: headlinesResponse,
      build: () => listHeadlines(deps, area, { sectionId: q?.section_id_eq, category: q?.category_eq }, page, per),
      overlay: (shared) => shared,
    });
  });

  app.get(HEADLINES_API.headlinePage, { schema: { tags, querystring: headlinePageQuery, response: { 200: headlinePageResponse } } }, async (request, reply) => {
    const area = request.site.area;
    const sectionId = request.query.q?.section_id_eq;
    return answerShared(deps, request, reply, request.auth?.accountId ?? null, {
      key: `headline_page:${area}:${sectionId ?? ''}`,
      schema: headlinePageResponse,
      build: () => headlinePage(deps, area, sectionId),
      overlay: (shared) => shared,
    });
  });

  app.get(pattern(HEADLINES_API.headline), { schema: { tags, params: idParams, response: { 200: headlineDetail } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const viewer = viewerOf(request);
    // Staff see hidden articles too: theirs is always built fresh.
    if (request.auth !== null && roleCan(request.auth.role, 'api_staff')) return getHeadline(deps, viewer, request.params.id, true);
    const id = request.params.id;
    // The games' prices depend on the reader's region: one shared copy per site and region.
    return answerShared(deps, request, reply, viewer.accountId, {
      key: `headline:${viewer.area}:${viewer.region}:${id}`,
      schema: headlineDetail,
      build: (as) => getHeadline(deps, { ...viewer, accountId: as }, id, false),
      overlay: async (shared, as) => {
        const held = (await viewerReactions(deps, as, 'Headline', [id])).get(id);
        return held === undefined ? shared : { ...shared, like_type: held };
      },
    });
  });

  app.get(pattern(HEADLINES_API.headlineReplies), { schema: { tags, params: idParams, querystring: headlineRepliesQuery, response: { 200: headlineRepliesResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const { page, per, q } = request.query;
    const area = request.site.area;
    const id = request.params.id;
    return answerShared(deps, request, reply, request.auth?.accountId ?? null, {
      key: `headline_replies:${area}:${id}:${JSON.stringify(request.query)}`,
      schema: headlineRepliesResponse,
      build: (viewerId) => headlineComments(deps, area, viewerId, id, page, per, q?.s),
      overlay: async (shared, viewerId) => {
        const [reactions, hidden] = await Promise.all([viewerReactions(deps, viewerId, 'Headline', [id]), hiddenAuthors(deps, viewerId)]);
        // A reader who blocked someone gets their own page, without what those accounts wrote and with a total
        // that does not count it (docs/product/people.md#what-a-block-does); everyone else shares one.
        if (hidden.size > 0) return headlineComments(deps, area, viewerId, id, page, per, q?.s);
        const held = reactions.get(id);
        return held === undefined ? shared : { ...shared, commentable: { ...shared.commentable, like_type: held } };
      },
    });
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
