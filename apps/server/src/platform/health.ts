import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { pendingMigrations, type Db } from './db/client.ts';
import type { KeyValueStore } from './kv.ts';

/** How long one dependency may take to answer before it counts as away: a balancer's probe must not hang. */
const CHECK_DEADLINE_MS = 2_000;

export type CheckState = 'ok' | 'unreachable' | 'pending_migrations';

export interface Readiness {
  ready: boolean;
  checks: { database: CheckState; kv: CheckState };
}

/** What `/readyz` looks at: the database (and that it has every migration) and the shared store when there is one. */
export interface ReadinessSources {
  db: Db;
  /** Absent when the store is the instance's own memory: nothing outside to wait for. */
  sharedKv?: KeyValueStore;
  deadlineMs?: number;
}

function withinDeadline<T>(work: Promise<T>, deadlineMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('deadline')), deadlineMs);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** Checks each dependency once, in parallel, each within the deadline; a failure is a state, never a throw. */
export async function checkReadiness(sources: ReadinessSources): Promise<Readiness> {
  const deadlineMs = sources.deadlineMs ?? CHECK_DEADLINE_MS;
  const database = withinDeadline((async () => {
    await sources.db.execute(sql`select 1`);
    return (await pendingMigrations(sources.db)) === 0 ? 'ok' as const : 'pending_migrations' as const;
  })(), deadlineMs).catch(() => 'unreachable' as const);
  const kv = sources.sharedKv
    ? withinDeadline(sources.sharedKv.get('readyz:probe'), deadlineMs).then(() => 'ok' as const, () => 'unreachable' as const)
    : Promise.resolve('ok' as const);
  const checks = { database: await database, kv: await kv };
  return { ready: checks.database === 'ok' && checks.kv === 'ok', checks };
}

/**
 * `/healthz` says the process answers and checks nothing else, so a database failover never has every instance
 * restarted at once; `/readyz` says whether this instance can serve (docs/ARCHITECTURE.md#health). Both answer
 * JSON on both sites, never the web app's page, and are never cached.
 */
export function registerHealth(app: FastifyInstance, sources: ReadinessSources): void {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const readiness = await checkReadiness(sources);
    return reply.header('cache-control', 'no-store').status(readiness.ready ? 200 : 503).send({ status: readiness.ready ? 'ready' : 'not_ready', checks: readiness.checks });
  });
}
