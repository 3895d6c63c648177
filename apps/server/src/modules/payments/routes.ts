import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderPaymentsResponse, payQueryRequest, payQueryResponse, payRequestBody, payResponse } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { compiledResponse } from '../../platform/compiled-response.ts';
import { idParams } from '../../platform/params.ts';
import { acceptFormBodies } from './form-body.ts';
import { notifyRoute } from './notify-route.ts';
import { payOrder } from './pay.ts';
import { walletPaysTogether } from './wallet-pay.ts';
import { orderPaymentMethods, payQuery } from './query.ts';
import { sandboxPaymentRoutes } from './sandbox-routes.ts';

const tags = ['payments'];

/**
 * The bare fields (`payment_method`, `payment_from`, `version`) and the resource-wrapped `{ "payment": { ... } }` are the same
 * call: bare fields are wrapped before validation, so errors name the field either way.
 */
async function wrapPayment(request: FastifyRequest) {
  const body = request.body as Record<string, unknown> | null | undefined;
  const inner = body?.payment;
  const wrapped = inner !== null && typeof inner === 'object' && !Array.isArray(inner) && body?.payment_method === undefined;
  if (!wrapped) request.body = { payment: body ?? {} };
}

/**
 * Payments (docs/product/buying.md#payment): the methods of an order, pay, the result the checkout page polls, and the
 * gateway's notify endpoint (public: it is authenticated by its signature, not by a session).
 */
export const paymentRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  acceptFormBodies(app);
  const payer = (request: FastifyRequest) => ({ accountId: requireAuth(request).accountId, area: request.site.area });
  // Buyers paying from their wallets at the same moment pay together (wallet-pay.ts).
  const fromWallet = walletPaysTogether(deps);

  app.get('/api/orders/:id/payments', { schema: { tags, params: idParams, response: { 200: orderPaymentsResponse } } }, async (request) =>
    orderPaymentMethods(deps, payer(request), request.params.id));

  // Every purchase pays once: its answer is written by a compiled serializer.
  app.patch('/api/orders/:id/pay', { preValidation: wrapPayment, schema: { tags, params: idParams, body: payRequestBody, response: { 200: compiledResponse(payResponse) } } }, async (request) =>
    payOrder(deps, payer(request), request.params.id, request.body.payment, fromWallet));

  // The poll may come with no body at all: that asks about the latest attempt.
  const emptyBodyIsEmptyObject = async (request: FastifyRequest) => {
    request.body ??= {};
  };
  app.patch('/api/orders/:id/pay_query', { preValidation: emptyBodyIsEmptyObject, schema: { tags, params: idParams, body: payQueryRequest, response: { 200: payQueryResponse } } }, async (request) =>
    payQuery(deps, payer(request), request.params.id, request.body.payment_id));

  await app.register(notifyRoute(deps));

  // The sandbox's own pages exist only where the sandbox may take payments (never on a live production server).
  const sandbox = deps.paymentGateways.sandbox;
  if (sandbox) await app.register(sandboxPaymentRoutes(deps, sandbox));
};
