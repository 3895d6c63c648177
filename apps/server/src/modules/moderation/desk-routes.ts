import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  claimReportResponse, contentActionResponse, CONTENT_ACTIONS, moderationActionResponse, moderationTargetParams, reportQueueQuery, reportQueueResponse,
  resolveReportRequest, resolveReportResponse,
} from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { idParams } from '../../platform/params.ts';
import { reportQueue, resolveReport } from './reports.ts';
import { unhide } from './approvals.ts';
import { claimReport, releaseReport } from './claims.ts';
import { actOnContent } from './content-actions.ts';
import { moderatorHook, scopeOf } from './scope.ts';

const tags = ['admin'];

/**
 * The part of the moderation desk staff share with group moderators (decisions/0043): the report queue, claims,
 * resolving, and hiding, deleting and restoring from the page. Still under the staff API's path, so every call
 * is audited; one hook lets in staff and appointed moderators only (401 / 403 before the body is read), and each
 * call then checks the item's group against the caller's scope (403 outside it).
 */
export const moderationDeskRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.addHook('preValidation', moderatorHook(deps));

  app.get('/api/admin/reports', { schema: { tags, querystring: reportQueueQuery, response: { 200: reportQueueResponse } } }, async (request) =>
    reportQueue(deps, scopeOf(request), request.query));

  app.post('/api/admin/reports/:id/resolve', { schema: { tags, params: idParams, body: resolveReportRequest, response: { 200: resolveReportResponse } } }, async (request) =>
    resolveReport(deps, scopeOf(request), request.params.id, request.body.resolution));

  app.post('/api/admin/reports/:id/claim', { schema: { tags, params: idParams, response: { 200: claimReportResponse } } }, async (request) =>
    claimReport(deps, scopeOf(request), request.params.id));

  app.delete('/api/admin/reports/:id/claim', { schema: { tags, params: idParams, response: { 200: claimReportResponse } } }, async (request) =>
    releaseReport(deps, scopeOf(request), request.params.id));

  // Hide or delete from the page that shows the item (decisions/0035); its open reports are upheld with it.
  for (const action of CONTENT_ACTIONS) {
    app.post(`/api/admin/content/:type/:id/${action}`, { schema: { tags, params: moderationTargetParams, response: { 200: contentActionResponse } } }, async (request) =>
      actOnContent(deps, scopeOf(request), request.params.type, request.params.id, action));
  }

  app.post('/api/admin/hidden/:type/:id/unhide', { schema: { tags, params: moderationTargetParams, response: { 200: moderationActionResponse } } }, async (request) =>
    unhide(deps, scopeOf(request), request.params.type, request.params.id));
};
