import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from './deps.ts';
import { auditLog } from './db/platform-tables.ts';
import { summarizeForAudit } from './audit-summary.ts';

/** The staff API: every request to a path under it is recorded, whatever the route does with it. */
const AUDITED_PREFIX = '/api/admin/';

const pathOf = (url: string) => url.split('?')[0] ?? url;

export function isAudited(request: FastifyRequest): boolean {
  return pathOf(request.url).startsWith(AUDITED_PREFIX);
}

async function record(deps: Deps, request: FastifyRequest, status: number) {
  const accountId = request.auth?.accountId ?? null;
  await deps.db.insert(auditLog).values({
    accountId,
    // The role as the session found it when the request was decided.
    role: request.auth?.role ?? null,
    method: request.method,
    // The route's pattern when one matched; the path itself for a probe of a route that does not exist.
    route: request.routeOptions.url ?? pathOf(request.url),
    params: (summarizeForAudit(request.params ?? {}) ?? {}) as Record<string, unknown>,
    query: (summarizeForAudit(request.query ?? {}) ?? {}) as Record<string, unknown>,
    body: summarizeForAudit(request.body),
    status,
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
    createdAt: deps.clock.now(),
  });
}

/**
 * Records every staff and admin request after its answer went out (allowed, refused, failed), so the
 * record never slows or breaks the action. A failure to write it is logged as an error for operators.
 */
export function registerAuditLog(app: FastifyInstance, deps: Deps) {
  app.addHook('onResponse', (request, reply, done) => {
    // Every answer passes here, and all but the staff API's have nothing to record: no promise for them.
    if (!isAudited(request)) return done();
    record(deps, request, reply.statusCode)
      .catch((err: unknown) => request.log.error({ err, method: request.method, url: request.url }, 'audit log entry not written'))
      .finally(() => done());
  });
}
