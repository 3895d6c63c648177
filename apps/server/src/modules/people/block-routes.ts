import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { blockChangeAnswer, blockChangeRequest, blockListAnswer, blockListQuery, PEOPLE_API } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth, requireCsrfOnGetWrite } from '../../platform/auth.ts';
import { fail } from '../../platform/errors.ts';
import { forumOk } from '../../platform/forum-envelope.ts';
import { block, blockList, unblock } from './blocks.ts';
import { signedIn } from './signed-in.ts';

const tags = ['users'];
const noStore = { 'cache-control': 'private, no-store' };

/**
 * The block list (docs/product/people.md#block-list), in the forum host's envelope: `errorMsg` on a refusal,
 * the message "blocked" or "unblocked" on success.
 */
export const blockRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  // Its writes, behind GET in the original, are also POST (which the web uses). A GET write by cookie needs the
  // CSRF header like any cookie write.
  app.get(PEOPLE_API.blockQuery, { preValidation: signedIn, schema: { tags, querystring: blockListQuery, response: { 200: blockListAnswer } } }, async (request, reply) => {
    reply.headers(noStore);
    const { accountId } = requireAuth(request);
    // A block list is its owner's alone.
    if (request.query.account_id !== accountId) throw fail.forbidden();
    return forumOk(await blockList(deps, accountId, request.query.page, request.query.size));
  });
  const writes = [[PEOPLE_API.blockAdd, block], [PEOPLE_API.blockDelete, unblock]] as const;
  for (const [url, change] of writes) {
    app.route({
      method: 'GET', url, preValidation: signedIn, schema: { tags, querystring: blockChangeRequest, response: { 200: blockChangeAnswer } },
      handler: async (request, reply) => {
        requireCsrfOnGetWrite(request);
        reply.headers(noStore);
        return forumOk(await change(deps, requireAuth(request).accountId, request.query.blockAccountId));
      },
    });
    app.route({
      method: 'POST', url, preValidation: signedIn, schema: { tags, body: blockChangeRequest, response: { 200: blockChangeAnswer } },
      handler: async (request, reply) => {
        reply.headers(noStore);
        return forumOk(await change(deps, requireAuth(request).accountId, request.body.blockAccountId));
      },
    });
  }
};
