import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commissionRate, commissionRateRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { idParams } from '../../platform/params.ts';
import { clearCommissionRate, setCommissionRate } from './rates.ts';

const tags = ['admin'];

/** Staff set and clear a SKU's commission rate (audited with every /api/admin call; docs/product/distribution.md#rates). */
export const distributionStaffRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.put('/api/admin/skus/:id/commission_rate', { schema: { tags, params: idParams, body: commissionRateRequest, response: { 200: commissionRate } } }, async (request) =>
    setCommissionRate(deps, requireAuth(request).accountId, request.params.id, request.body.commission_rate.rate_bp));

  app.delete('/api/admin/skus/:id/commission_rate', { schema: { tags, params: idParams } }, async (request, reply) => {
    await clearCommissionRate(deps, request.params.id);
    return reply.status(204).send();
  });
};
