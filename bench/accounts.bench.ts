import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.ts';
import { compose } from '../apps/server/src/platform/compose.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { accounts } from '../apps/server/src/modules/accounts/tables.ts';
import { hashPassword } from '../apps/server/src/modules/accounts/passwords.ts';
import { startSession } from '../apps/server/src/modules/accounts/sessions.ts';
import { load, percentile, profiled, startBareServer, type LoadResult } from './lib.ts';

const CONNECTIONS = 50;

/**
 * GET /api/me throughput against a bare Fastify route answering a constant, measured in the same run on the
 * same machine, so the ratio says what authentication, the account query and serialization cost. Each of
 * the 50 connections is its own signed-in account, so reads answered together are different accounts' rows
 * (a batch of them is one statement, not one row answered many times). Then the latency of sign-in, which
 * argon2id (OWASP parameters) dominates by design.
 */
export async function accountsBench(): Promise<{ rows: LoadResult[]; ratio: number; signIn: { p50: number; p99: number; n: number }; database: string }> {
  const bare = await startBareServer();
  const bareUrl = bare.url;

  const config = loadConfig({ ...process.env, NODE_ENV: 'production', APP_SECRET: 'bench-secret-bench-secret-bench-secret!', ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'staging', PGLITE_DIR: 'memory://', LOG_LEVEL: 'silent' });
  const { deps, close } = await compose(config, { log: pino({ level: 'silent' }), kvPrefix: `bench:${Date.now()}:` });
  const app = await buildApp(deps, { serveWeb: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const password = 'Bench-Password-1';
  const [account] = await deps.db
    .insert(accounts)
    .values({ nickname: `bench${Date.now()}`, email: `bench${Date.now()}@example.com`, passwordHash: await hashPassword(password), homeArea: 'native' })
    .returning();
  // One signed-in account per connection, as 50 users' pages would call it (not one account 50 times over).
  const readers = await deps.db
    .insert(accounts)
    .values(Array.from({ length: CONNECTIONS }, (_, i) => ({ nickname: `bench_reader_${Date.now()}_${i}`, email: `bench.reader.${Date.now()}.${i}@example.com`, homeArea: 'native' as const })))
    .returning({ id: accounts.id });
  const connectionHeaders: Record<string, string>[] = [];
  for (const reader of readers) connectionHeaders.push({ authorization: `Bearer ${(await startSession(deps, deps.db, reader.id, 'native')).accessToken}` });

  await load('warm-up', bareUrl, { seconds: 2, connections: CONNECTIONS });
  const bareResult = await load('bare Fastify route', bareUrl, { connections: CONNECTIONS });
  await load('warm-up', `${base}/api/me`, { seconds: 2, connections: CONNECTIONS, connectionHeaders });
  const meResult = await profiled('me', () => load('GET /api/me', `${base}/api/me`, { connections: CONNECTIONS, connectionHeaders }));
  if (meResult.non2xx > 0) throw new Error(`GET /api/me answered ${meResult.non2xx} non-2xx responses`);

  const latencies: number[] = [];
  for (let i = 0; i < 30; i++) {
    const started = performance.now();
    const res = await fetch(`${base}/api/access_token?client=pc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ access_token: { login: account!.email, password } }),
    });
    if (res.status !== 201) throw new Error(`sign-in answered ${res.status}`);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);

  await app.close();
  await bare.close();
  await close();
  return {
    rows: [bareResult, meResult],
    ratio: meResult.requestsPerSecond / bareResult.requestsPerSecond,
    signIn: { p50: Math.round(percentile(latencies, 50)), p99: Math.round(percentile(latencies, 99)), n: latencies.length },
    database: config.DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)',
  };
}
