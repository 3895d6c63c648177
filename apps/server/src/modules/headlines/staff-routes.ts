import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  headlineDraft, headlineDraftsResponse, headlineSection, headlineSectionRequest, pagingQuery, publishHeadlineDraftResponse, rejectHeadlineDraftRequest,
  updateHeadlineSectionRequest, HEADLINES_API,
} from '@lantern/contract';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { idParams } from '../../platform/params.ts';
import { publishDraft, rejectDraft, submittedDrafts } from './publishing.ts';
import { createSection, updateSection } from './sections.ts';
import { forgetHeadlineReads } from './headlines.ts';

const tags = ['admin'];
const pattern = (path: (id: string) => string) => path(':id');

/**
 * Staff (`api_staff`, the scope's guard): the queue of submitted drafts, publishing and rejecting them
 * (docs/product/headlines.md#publishing), and the sections (docs/product/headlines.md#sections).
 */
export const headlineStaffRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get(HEADLINES_API.staffDrafts, { schema: { tags, querystring: pagingQuery(20), response: { 200: headlineDraftsResponse } } }, async (request) =>
    submittedDrafts(deps, request.site.area, request.query.page, request.query.per));

  // What readers see changes at once on every instance: the shared reads of headlines are forgotten.
  app.post(pattern(HEADLINES_API.staffPublish), { schema: { tags, params: idParams, response: { 200: publishHeadlineDraftResponse } } }, async (request) => {
    const published = await publishDraft(deps, request.site.area, request.params.id);
    await forgetHeadlineReads(deps);
    return published;
  });

  app.post(pattern(HEADLINES_API.staffReject), { schema: { tags, params: idParams, body: rejectHeadlineDraftRequest, response: { 200: z.object({ headline_draft: headlineDraft }) } } }, async (request) =>
    rejectDraft(deps, request.site.area, request.params.id, request.body.reason));

  app.post(HEADLINES_API.staffSections, { schema: { tags, body: headlineSectionRequest, response: { 201: headlineSection } } }, async (request, reply) => {
    const created = await createSection(deps, request.body.headline_section);
    await forgetHeadlineReads(deps);
    return reply.status(201).send(created);
  });

  app.patch(pattern(HEADLINES_API.staffSection), { schema: { tags, params: idParams, body: updateHeadlineSectionRequest, response: { 200: headlineSection } } }, async (request) => {
    const updated = await updateSection(deps, request.params.id, request.body.headline_section);
    await forgetHeadlineReads(deps);
    return updated;
  });
};
