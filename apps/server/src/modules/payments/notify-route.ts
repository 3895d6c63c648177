import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps.ts';
import { pathOfUnstorable } from '../../platform/input.ts';
import { stringFields } from './form-body.ts';
import { receiveNotification } from './notifications.ts';
import { errorAnswer } from '../../platform/errors.ts';

/**
 * A form notification is a handful of short fields and a Stripe Checkout Session event a few kilobytes; the
 * limit leaves a genuine event room to grow while keeping the public record of refused ones small.
 */
const NOTIFY_BODY_LIMIT = 64 * 1024;

/** The body as an object: a form's fields, or the JSON object sent; anything else is an empty record. */
function parseBody(contentType: string | undefined, raw: string): Record<string, unknown> {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(raw));
  if (type === 'application/json' || type.endsWith('+json')) {
    try {
      const value: unknown = JSON.parse(raw);
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // Not JSON: it can carry no valid signature either, and is refused as such.
    }
  }
  return {};
}

/**
 * POST /api/payments/notify/:gateway, in a plugin of its own so that here alone the body is kept exactly as
 * it arrived: Stripe signs the raw bytes, which any parse-and-serialize would change. Forms (sandbox,
 * Alipay) and JSON are parsed from that same text. Public: it is authenticated by its signature alone.
 */
export const notifyRoute = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_request, body, done) => done(null, body));

  // Any cookies that came along are not looked at (nor asked for CSRF).
  const ignoreCookies = async (request: FastifyRequest) => {
    request.cookies = {};
  };
  app.post('/api/payments/notify/:gateway', {
    onRequest: ignoreCookies,
    bodyLimit: NOTIFY_BODY_LIMIT,
    schema: { tags: ['payments'], params: z.object({ gateway: z.string().min(1).max(40) }) },
  }, async (request, reply) => {
    const rawBody = typeof request.body === 'string' ? request.body : '';
    const payload = parseBody(request.headers['content-type'], rawBody);
    // Parsed here, past the input guard every other route has: a NUL or lone surrogate (form `%00`, JSON
    // "\u0000") could not be stored with the record of the notification, and carries no valid signature.
    const unstorable = pathOfUnstorable(payload);
    if (unstorable) return reply.status(400).send(errorAnswer(request, { [unstorable[0] ?? 'base']: ['invalid'] }));
    const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]));
    const answer = await receiveNotification(deps, request.params.gateway, { rawBody, fields: stringFields(payload), payload, headers }, request.ip);
    if (!answer.ok) return reply.status(400).send(errorAnswer(request, answer.errors));
    // What gateways expect on acceptance: the bare word, or they send again.
    return reply.type('text/plain; charset=utf-8').send('success');
  });
};
