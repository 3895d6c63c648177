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
  /** What runs on its fallback now (decision 0049); absent when nothing does. */
  degraded?: readonly string[];
}

/**
 * What runs on its fallback while the shared store is away (docs/decisions/0049-redis-deadlines-and-fallbacks.md):
 * the instance still serves, so it stays ready — taking every instance out of the balancer at once would turn a
 * Redis outage into a full one.
 */
export const KV_FALLBACKS = [
  'live_push_local_only',
  'rate_limits_per_instance',
  'sessions_checked_in_database',
  'flash_gate_in_database',
  'captchas_per_instance',
] as const;

/**
 * What `/readyz` looks at: the database (and that it has every migration) and the shared store when there is one.
 * Only the database decides readiness; a shared store away is reported with what runs on its fallback.
 */
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
  const kv = sources.sharedKv ? kvState(sources.sharedKv, deadlineMs) : Promise.resolve('ok' as const);
  const checks = { database: await database, kv: await kv };
  return { ready: checks.database === 'ok', checks, ...(checks.kv === 'ok' ? {} : { degraded: KV_FALLBACKS }) };
}

/** A store that knows whether it is reachable (Redis: its connections and pings) says so; another is probed. */
function kvState(kv: KeyValueStore, deadlineMs: number): Promise<CheckState> {
  if (kv.reachable) return Promise.resolve(kv.reachable() ? 'ok' : 'unreachable');
  return withinDeadline(kv.get('readyz:probe'), deadlineMs).then(() => 'ok' as const, () => 'unreachable' as const);
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
    return reply.header('cache-control', 'no-store').status(readiness.ready ? 200 : 503)
      .send({ status: readiness.ready ? 'ready' : 'not_ready', checks: readiness.checks, ...(readiness.degraded ? { degraded: readiness.degraded } : {}) });
  });
}
