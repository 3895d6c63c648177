import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createReportRequest, report } from '@lantern/contract';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { createReport } from './reports.ts';
import { moderationDeskRoutes } from './desk-routes.ts';

const tags = ['community'];

/** Reports (docs/product/community.md#reports): signed in only, a guest gets the 401 that opens the sign-in popup. */
export const moderationRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.post('/api/reports', { schema: { tags, body: createReportRequest, response: { 201: z.object({ report }) } } }, async (request, reply) => {
    const { accountId } = requireAuth(request);
    return reply.status(201).send(await createReport(deps, accountId, request.body.report));
  });
  // Staff and group moderators: a scope of its own, with its own hook (decisions/0043).
  await app.register(moderationDeskRoutes(deps));
};
