import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderPaymentsResponse, payQueryRequest, payQueryResponse, payRequestBody, payResponse } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { SandboxGateway } from '../../platform/payment-gateway.ts';
import { idParams } from '../../platform/params.ts';
import { acceptFormBodies, stringFields } from './form-body.ts';
import { receiveNotification } from './notifications.ts';
import { payOrder } from './pay.ts';
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

  app.get('/api/orders/:id/payments', { schema: { tags, params: idParams, response: { 200: orderPaymentsResponse } } }, async (request) =>
    orderPaymentMethods(deps, payer(request), request.params.id));

  app.patch('/api/orders/:id/pay', { preValidation: wrapPayment, schema: { tags, params: idParams, body: payRequestBody, response: { 200: payResponse } } }, async (request) =>
    payOrder(deps, payer(request), request.params.id, request.body.payment));

  // The poll may come with no body at all: that asks about the latest attempt.
  const emptyBodyIsEmptyObject = async (request: FastifyRequest) => {
    request.body ??= {};
  };
  app.patch('/api/orders/:id/pay_query', { preValidation: emptyBodyIsEmptyObject, schema: { tags, params: idParams, body: payQueryRequest, response: { 200: payQueryResponse } } }, async (request) =>
    payQuery(deps, payer(request), request.params.id, request.body.payment_id));

  // Authenticated by its signature alone: any cookies that came along are not looked at (nor asked for CSRF).
  const ignoreCookies = async (request: FastifyRequest) => {
    request.cookies = {};
  };
  // A notification is a handful of short fields; a small body limit keeps the public record of refused ones small too.
  app.post('/api/payments/notify/:gateway', { onRequest: ignoreCookies, bodyLimit: 16 * 1024, schema: { tags, params: z.object({ gateway: z.string().min(1).max(40) }) } }, async (request, reply) => {
    const answer = await receiveNotification(deps, request.params.gateway, stringFields(request.body), request.ip);
    if (!answer.ok) return reply.status(400).send({ errors: answer.errors });
    // What gateways expect on acceptance: the bare word, or they send again.
    return reply.type('text/plain; charset=utf-8').send('success');
  });

  if (deps.paymentGateway instanceof SandboxGateway) await app.register(sandboxPaymentRoutes(deps, deps.paymentGateway));
};
