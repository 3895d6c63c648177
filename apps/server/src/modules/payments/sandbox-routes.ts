import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import { safeReturnPath } from '@lantern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps.ts';
import type { SandboxGateway } from '../../platform/payment-gateways/sandbox.ts';
import { acceptFormBodies, stringFields } from './form-body.ts';
import { cancelGatewayAttempt } from './pay.ts';
import { checkoutPage, invalidCheckoutPage } from './sandbox-page.ts';

const params = z.object({ outTradeNo: z.string().min(1).max(100) });
const actionParams = params.extend({ action: z.enum(['pay', 'fail', 'cancel']) });

/** The page only posts back to itself; it runs no script and may not be framed. */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
};
const sendPage = (reply: FastifyReply, status: number, html: string) => reply.status(status).headers(PAGE_HEADERS).send(html);

/** Only a path on this site: a return url is signed by us, but the browser is never sent off-site from here. */
const sitePath = (url: string) => safeReturnPath(url, '/');

/**
 * The sandbox gateway's own pages (platform/payment-gateways/sandbox.ts): the checkout the web's /blank page posts
 * to, and its three buttons. Pay and Fail send the gateway's signed notification to our notify endpoint
 * through the real HTTP handler (an in-process request), so it is verified like any other; then the browser
 * goes back to the store, whose checkout page polls pay_query. Cancel closes the trade as a real gateway does
 * when the buyer gives up (the attempt becomes canceled, if nothing else happened to it) and goes back.
 */
export const sandboxPaymentRoutes = (deps: Deps, gateway: SandboxGateway): FastifyPluginAsyncZod => async (app) => {
  acceptFormBodies(app);
  // The sandbox stands for the gateway's own site: it never sees the store's cookies. (The buyer's browser
  // does send them, being on the same origin here, and a form post cannot carry the CSRF header the store
  // asks of cookie-authenticated writes.) Dropped before the auth guard runs; nothing here is the store's.
  app.addHook('onRequest', async (request) => {
    request.cookies = {};
  });
  const schema = { hide: true, params };

  const showCheckout = (outTradeNo: string, fields: Record<string, string>, language: 'zh-CN' | 'en', reply: FastifyReply) => {
    const checkout = gateway.openCheckout(fields);
    if (!checkout || checkout.outTradeNo !== outTradeNo) return sendPage(reply, 400, invalidCheckoutPage(language));
    return sendPage(reply, 200, checkoutPage(language, checkout, gateway.checkoutFields(checkout)));
  };
  app.get('/sandbox/pay/:outTradeNo', { schema }, async (request, reply) =>
    showCheckout(request.params.outTradeNo, stringFields(request.query), request.site.language, reply));
  app.post('/sandbox/pay/:outTradeNo', { schema }, async (request, reply) =>
    showCheckout(request.params.outTradeNo, stringFields(request.body), request.site.language, reply));

  app.post('/sandbox/pay/:outTradeNo/:action', { schema: { hide: true, params: actionParams } }, async (request, reply) => {
    const checkout = gateway.openCheckout(stringFields(request.body));
    if (!checkout || checkout.outTradeNo !== request.params.outTradeNo) return sendPage(reply, 400, invalidCheckoutPage(request.site.language));
    if (request.params.action === 'cancel') {
      // The checkout's fields are signed, so this is our own trade; what it still may become is the service's call.
      await cancelGatewayAttempt(deps, checkout.outTradeNo);
    } else {
      const notification = gateway.notificationFor(checkout, request.params.action === 'pay' ? 'paid' : 'failed');
      const delivered = await app.inject({
        method: 'POST',
        url: new URL(checkout.notifyUrl, 'http://sandbox.invalid').pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: request.headers.host ?? 'localhost' },
        payload: new URLSearchParams(notification).toString(),
      });
      // A real gateway would retry later; the store's checkout page then keeps saying pending.
      if (delivered.statusCode !== 200 || delivered.body !== 'success') {
        deps.log.warn({ status: delivered.statusCode, body: delivered.body, outTradeNo: checkout.outTradeNo }, 'sandbox notification refused');
      }
    }
    return reply.redirect(sitePath(checkout.returnUrl), 303);
  });
};
