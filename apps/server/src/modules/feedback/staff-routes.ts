import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffFeedback, staffFeedbacksQuery, staffFeedbacksResponse, updateFeedbackRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { idParams } from '../../platform/params.ts';
import { staffListFeedbacks, updateFeedback } from './feedbacks.ts';

const tags = ['admin'];

/** The feedback inbox: any staff member reads, answers and closes feedback. */
export const feedbackStaffRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/admin/feedbacks', { schema: { tags, querystring: staffFeedbacksQuery, response: { 200: staffFeedbacksResponse } } }, async (request) => {
    const { page, per, q } = request.query;
    return staffListFeedbacks(deps, { page, per, status: q?.status_eq, area: q?.area_eq });
  });
  app.patch('/api/admin/feedbacks/:id', { schema: { tags, params: idParams, body: updateFeedbackRequest, response: { 200: staffFeedback } } }, async (request) =>
    updateFeedback(deps, request.params.id, request.body.feedback));
};
