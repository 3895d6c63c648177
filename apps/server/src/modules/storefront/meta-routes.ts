import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tagsResponse } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { tagsWithTimestamp } from '../catalog/index.ts';

const tags = ['storefront'];
const tagsQuery = z.object({ kind: z.enum(['game', 'peri']).default('game') });

export const metaRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  /** The tag list and when it last changed: clients keep their copy until the timestamp moves. */
  app.get('/api/tags/timestamp', { schema: { tags, querystring: tagsQuery, response: { 200: tagsResponse } } }, async (request) =>
    tagsWithTimestamp(deps.db, request.query.kind === 'peri' ? ['peri'] : undefined),
  );
};
