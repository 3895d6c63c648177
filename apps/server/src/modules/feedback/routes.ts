import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createFeedbackRequest, feedback, feedbackForm as feedbackFormSchema } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { feedbackForm, sendFeedback } from './feedbacks.ts';

const tags = ['feedback'];

/** Feedback to the store (docs/product/notices.md#feedback): signed-in members only, so staff can answer. */
export const feedbackRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/feedbacks/new', { schema: { tags, response: { 200: feedbackFormSchema } } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    reply.header('cache-control', 'private, no-store');
    return feedbackForm(deps, accountId);
  });

  app.post('/api/feedbacks', { schema: { tags, body: createFeedbackRequest, response: { 201: feedback } } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    return reply.status(201).send(await sendFeedback(deps, accountId, request.site.area, request.body.feedback));
  });
};
