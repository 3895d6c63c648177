import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  headlineDraft, headlineDraftPreviewResponse, headlineDraftRequest, headlineDraftsResponse, headlineSection, headlineSummary, headlineSectionRequest, pagingQuery, publishHeadlineDraftResponse, rejectHeadlineDraftRequest,
  updateHeadlineSectionRequest, HEADLINES_API,
} from '@lantern/contract';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { idParams } from '../../platform/params.ts';
import { viewerOf } from '../../platform/viewer.ts';
import { previewDraft } from './preview.ts';
import { editArticle } from './article-edit.ts';
import { publishDraft, rejectDraft, submittedDrafts } from './publishing.ts';
import { createSection, deleteSection, updateSection } from './sections.ts';

const tags = ['admin'];
const pattern = (path: (id: string) => string) => path(':id');

/**
 * Staff (`api_staff`, the scope's guard): the queue of submitted drafts, publishing and rejecting them
 * (docs/product/headlines.md#publishing), and the sections (docs/product/headlines.md#sections).
 */
export const headlineStaffRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get(HEADLINES_API.staffDrafts, { schema: { tags, querystring: pagingQuery(20), response: { 200: headlineDraftsResponse } } }, async (request) =>
    submittedDrafts(deps, request.site.area, request.query.page, request.query.per));

  app.get(pattern(HEADLINES_API.staffPreview), { schema: { tags, params: idParams, response: { 200: headlineDraftPreviewResponse } } }, async (request) =>
    previewDraft(deps, viewerOf(request), request.params.id));

  app.post(pattern(HEADLINES_API.staffPublish), { schema: { tags, params: idParams, response: { 200: publishHeadlineDraftResponse } } }, async (request) =>
    publishDraft(deps, request.site.area, request.params.id));

  app.post(pattern(HEADLINES_API.staffReject), { schema: { tags, params: idParams, body: rejectHeadlineDraftRequest, response: { 200: z.object({ headline_draft: headlineDraft }) } } }, async (request) =>
    rejectDraft(deps, request.site.area, request.params.id, request.body.reason));

  // Correcting a published article in place (docs/product/headlines.md#editing-articles).
  app.patch(pattern(HEADLINES_API.staffHeadline), { schema: { tags, params: idParams, body: headlineDraftRequest, response: { 200: z.object({ headline: headlineSummary }) } } }, async (request) =>
    ({ headline: await editArticle(deps, request.site.area, request.params.id, request.body.headline_draft) }));

  app.post(HEADLINES_API.staffSections, { schema: { tags, body: headlineSectionRequest, response: { 201: headlineSection } } }, async (request, reply) =>
    reply.status(201).send(await createSection(deps, request.body.headline_section)));

  app.patch(pattern(HEADLINES_API.staffSection), { schema: { tags, params: idParams, body: updateHeadlineSectionRequest, response: { 200: headlineSection } } }, async (request) =>
    updateSection(deps, request.params.id, request.body.headline_section));

  app.delete(pattern(HEADLINES_API.staffSection), { schema: { tags, params: idParams } }, async (request, reply) => {
    await deleteSection(deps, request.params.id);
    return reply.status(204).send();
  });
};
