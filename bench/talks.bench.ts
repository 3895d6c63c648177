import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.ts';
import { compose } from '../apps/server/src/platform/compose.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { seedIfEmpty } from '../apps/server/src/seed/seed.ts';
import { seedTalksAtScale } from '../apps/server/src/seed/talks-scale.ts';
import { startSession } from '../apps/server/src/modules/accounts/sessions.ts';
import { createScratchDatabase } from '../apps/server/src/platform/db/scratch-database.ts';
import { measureReads, profiled, startBareServer, type ReadRow } from './lib.ts';

export interface TalksBench {
  talks: number;
  following: number;
  rows: ReadRow[];
}

/**
 * The follow feed at 1,000,000 talks by 5,000 authors, for a reader following 500 of them (issue 13): the feed's
 * first page (GET /api/talks?feed=following) at 50 and at 10 connections, and everyone's newest for comparison,
 * against a bare route in the same run.
 */
export async function talksBench(count = Number(process.env.BENCH_TALKS ?? 1_000_000), following = 500): Promise<TalksBench> {
  const database = await createScratchDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', 'lantern_bench');
  const config = loadConfig({ ...process.env, DATABASE_URL: database.url, NODE_ENV: 'production', APP_SECRET: 'bench-secret-bench-secret-bench-secret!', ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'staging', LOG_LEVEL: 'silent' });
  const { deps, close } = await compose(config, { log: pino({ level: 'silent' }), kvPrefix: `bench:${Date.now()}:` });
  try {
    await seedIfEmpty(deps);
    const seeded = await seedTalksAtScale(deps, count, 5_000, following);
    const app = await buildApp(deps, { serveWeb: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const bare = await startBareServer();
    const token = (await startSession(deps, deps.db, seeded.readerId, 'native')).accessToken;
    await measureReads('warm-up', bare.url, undefined, 2);
    const baseline = await measureReads('bare Fastify route', bare.url);
    const rows: ReadRow[] = [{ ...baseline, ratio: 1 }];
    await profiled('talks', async () => {
      const feed = '/api/talks?feed=following';
      const cases = [
        ['GET /api/talks?feed=following first page (500 followed), 50 connections', feed, 50],
        ['GET /api/talks?feed=following first page (500 followed), 10 connections', feed, 10],
        ['GET /api/talks everyone\'s newest, 50 connections', '/api/talks', 50],
      ] as const;
      for (const [name, path, connections] of cases) {
        await measureReads('warm-up', `${base}${path}`, [path], 2, token, connections);
        const r = await measureReads(`${name}, signed in`, `${base}${path}`, [path], 10, token, connections);
        rows.push({ ...r, ratio: r.requestsPerSecond / baseline.requestsPerSecond });
      }
    });
    await app.close();
    await bare.close();
    return { talks: seeded.talks, following, rows };
  } finally {
    await close();
    await database.drop();
  }
}
