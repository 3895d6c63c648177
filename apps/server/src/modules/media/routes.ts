import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps.ts';
import { COVER_SHAPES, drawCover } from './covers.ts';

const tags = ['media'];
const coverParams = z.object({ seed: z.string().min(1).max(160) });
const coverQuery = z.object({ shape: z.enum(COVER_SHAPES).default('vertical') });

/** A year: the same seed and shape always draw the same picture, so a cover never changes under its URL. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** GET /media/covers/{seed}.svg?shape=vertical|horizontal|banner: cover art drawn by the program. */
export const mediaRoutes = (_deps: Deps): FastifyPluginAsyncZod => async (app) => {
  // A picture served to everyone carries no cookie, so shared caches may keep it.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.removeHeader('set-cookie');
    return payload;
  });

  app.get('/media/covers/:seed.svg', { schema: { tags, params: coverParams, querystring: coverQuery } }, async (request, reply) => {
    const { seed } = request.params;
    const { shape } = request.query;
    const etag = `"${createHash('sha1').update(`${shape}\u0000${seed}`).digest('base64url').slice(0, 20)}"`;
    reply
      .header('cache-control', CACHE_CONTROL)
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('image/svg+xml; charset=utf-8').send(drawCover(seed, shape));
  });
};
