import { z } from 'zod';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pagingQuery } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { permissionHook } from '../../platform/access.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { auditLog } from '../../platform/db/platform-tables.ts';

const auditEntry = z.object({
  id: z.number().int(),
  account_id: z.number().int().nullable(),
  role: z.string().nullable(),
  method: z.string(),
  route: z.string(),
  params: z.record(z.string(), z.unknown()),
  query: z.record(z.string(), z.unknown()),
  body: z.unknown(),
  status: z.number().int(),
  ip: z.string(),
  user_agent: z.string().nullable(),
  created_at_timestamp: z.number().int(),
});
const auditResponse = z.object({
  audit_entries: z.array(auditEntry),
  meta: z.object({ total_count: z.number().int(), page: z.number().int(), per: z.number().int() }),
});
const auditQuery = pagingQuery(50, 200).extend({ account_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() });

/**
 * GET /api/admin/audit: the staff API's audit log, newest first, for admins only (staff may not read what
 * was recorded about them). Optionally one account's entries. Reading it is itself recorded.
 */
export const auditStaffRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/admin/audit', { preValidation: permissionHook('api_admin'), schema: { tags: ['admin'], querystring: auditQuery, response: { 200: auditResponse } } }, async (request) => {
    const { page, per, account_id } = request.query;
    const where = account_id === undefined ? undefined : eq(auditLog.accountId, account_id);
    const [rows, [total]] = await Promise.all([
      deps.db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(per).offset((page - 1) * per),
      deps.db.select({ n: count() }).from(auditLog).where(where),
    ]);
    return {
      audit_entries: rows.map((r) => ({
        id: r.id, account_id: r.accountId, role: r.role, method: r.method, route: r.route, params: r.params, query: r.query,
        body: r.body, status: r.status, ip: r.ip, user_agent: r.userAgent, created_at_timestamp: toTimestamp(r.createdAt),
      })),
      meta: { total_count: total?.n ?? 0, page, per },
    };
  });
};
