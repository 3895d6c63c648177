import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../platform/deps.ts';
import { fail } from '../platform/errors.ts';
import { toTimestamp } from '../platform/clock.ts';

/**
 * The development surface (docs/product/README.md#api-conventions), registered only outside production: the messages the outbox holds
 * and captcha answers, so tests and a developer can go through sign-up without a phone or a mailbox.
 */
export const devRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get('/__dev/outbox', { schema: { hide: true, querystring: z.object({ to: z.string().optional() }) } }, async (request) => {
    const rows = await deps.outbox.list(request.query.to?.trim().toLowerCase());
    return {
      messages: rows.map((m) => ({
        id: m.id,
        to: m.recipient,
        channel: m.channel,
        subject: m.subject,
        body: m.body,
        code: m.body.match(/\b(\d{6})\b/)?.[1] ?? null,
        // Where delivery stands: pending (with its next try), delivered, or failed (given up, with why).
        state: m.state,
        attempts: m.attempts,
        last_error: m.lastError,
        created_at_timestamp: toTimestamp(m.createdAt),
        next_attempt_at_timestamp: m.state === 'pending' ? toTimestamp(m.nextAttemptAt) : null,
        delivered_at_timestamp: toTimestamp(m.deliveredAt),
        failed_at_timestamp: toTimestamp(m.failedAt),
      })),
    };
  });

  app.get('/__dev/captcha/:id', { schema: { hide: true, params: z.object({ id: z.string().max(64) }) } }, async (request) => {
    const answer = await deps.captcha.peek(request.params.id);
    if (!answer) throw fail.notFound();
    return { answer };
  });
};
