import { z } from 'zod';
import { and, inArray, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicUser, userService, usersQuery, usersResponse } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { accounts } from './tables.ts';
import { findAccount } from './lookup.ts';
import { isMuted, presentPublicUser } from './presenter.ts';

const tags = ['users'];
const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });


export const userRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/users/:id', { schema: { tags, params: idParams, response: { 200: publicUser } } }, async (request) => {
    const account = await findAccount(deps.db, request.params.id);
    if (!account) throw fail.notFound();
    return presentPublicUser(account, deps.clock.now());
  });

  app.get('/api/users', { schema: { tags, querystring: usersQuery, response: { 200: usersResponse } } }, async (request) => {
    const raw = request.query.q.id_in;
    const ids = [...new Set(Array.isArray(raw) ? raw : [raw])];
    if (ids.length > 100) throw fail.unprocessable('id_in', 'out_limit', { limit: 100 });
    const rows = await deps.db.select().from(accounts).where(and(inArray(accounts.id, ids), isNull(accounts.closedAt)));
    const now = deps.clock.now();
    return { users: rows.map((r) => presentPublicUser(r, now)), meta: { total_count: rows.length, page: 1, per: ids.length } };
  });

  /** What the viewer can do with this user: follow and message need a signed-in viewer and an open, unmuted account. */
  app.get('/api/users/:id/service', { schema: { tags, params: idParams, response: { 200: userService } } }, async (request) => {
    const account = await findAccount(deps.db, request.params.id);
    if (!account) throw fail.notFound();
    const viewer = request.auth?.accountId ?? null;
    const isSelf = viewer === account.id;
    const viewerMuted = viewer !== null && !isSelf ? isMuted((await findAccount(deps.db, viewer))!, deps.clock.now()) : false;
    return { id: account.id, is_self: isSelf, can_follow: viewer !== null && !isSelf, can_message: viewer !== null && !isSelf && !viewerMuted };
  });
};
