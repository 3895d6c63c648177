import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createIntegralCampaignRequest, FORUM_API, integralCampaign, integralCampaignsQuery, integralCampaignsResponse } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { createCampaign, listCampaigns } from './staff.ts';

const tags = ['admin'];

/** Staff (`api_staff`, the scope's guard): groups' points campaigns (docs/product/community.md#points-participation). */
export const forumStaffRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get(FORUM_API.adminIntegralCampaigns, { schema: { tags, querystring: integralCampaignsQuery, response: { 200: integralCampaignsResponse } } }, async (request) =>
    listCampaigns(deps, request.query));
  app.post(FORUM_API.adminIntegralCampaigns, { schema: { tags, body: createIntegralCampaignRequest, response: { 201: integralCampaign } } }, async (request, reply) =>
    reply.status(201).send(await createCampaign(deps, request.body.integral_campaign)));
};
