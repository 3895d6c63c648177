import { and, asc, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.ts';
import { compose } from '../apps/server/src/platform/compose.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { seedIfEmpty } from '../apps/server/src/seed/seed.ts';
import { seedHeadlinesAtScale } from '../apps/server/src/seed/headlines-scale.ts';
import { accounts } from '../apps/server/src/modules/accounts/tables.ts';
import { startSession } from '../apps/server/src/modules/accounts/sessions.ts';
import { headlines } from '../apps/server/src/modules/headlines/tables.ts';
import { createScratchDatabase } from '../apps/server/src/platform/db/scratch-database.ts';
import { measureReads, profiled, startBareServer, type ReadRow } from './lib.ts';

export interface HeadlinesBench {
  headlines: number;
  replies: number;
  rows: ReadRow[];
}

/**
 * Headlines at 20,000 articles and 500,000 comments and replies on PostgreSQL (issue 13): the site's list at
 * page 1 and page 500, an article page, and an article's first comments, each at 50 connections against a
 * bare route in the same run — read by a guest and by a signed-in member.
 */
export async function headlinesBench(articles = Number(process.env.BENCH_HEADLINES ?? 20_000), replies = Number(process.env.BENCH_HEADLINE_REPLIES ?? 500_000)): Promise<HeadlinesBench> {
  const database = await createScratchDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', 'lantern_bench');
  const config = loadConfig({ ...process.env, DATABASE_URL: database.url, NODE_ENV: 'production', APP_SECRET: 'bench-secret-bench-secret-bench-secret!', ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'staging', LOG_LEVEL: 'silent' });
  const { deps, close } = await compose(config, { log: pino({ level: 'silent' }), kvPrefix: `bench:${Date.now()}:` });
  try {
    await seedIfEmpty(deps);
    const seeded = await seedHeadlinesAtScale(deps, articles, replies);
    const sample = await deps.db.select({ id: headlines.id }).from(headlines).where(and(eq(headlines.area, 'native'), eq(headlines.state, 'published'))).orderBy(sql`random()`).limit(50);

    const app = await buildApp(deps, { serveWeb: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const bare = await startBareServer();
    const [reader] = await deps.db.select({ id: accounts.id }).from(accounts).where(sql`${accounts.email} LIKE '%member%@lantern.test'`).orderBy(asc(accounts.id)).limit(1);
    const token = (await startSession(deps, deps.db, reader!.id, 'native')).accessToken;
    const cases: [string, string[]][] = [
      ['GET /api/headlines page 1', ['/api/headlines']],
      ['GET /api/headlines page 500', ['/api/headlines?page=500']],
      ['GET /api/headlines/{id} (50 articles)', sample.map((h) => `/api/headlines/${h.id}`)],
      ['GET /api/headlines/{id}/replies first page (50 articles)', sample.map((h) => `/api/headlines/${h.id}/replies`)],
    ];
    await measureReads('warm-up', bare.url, undefined, 2);
    const baseline = await measureReads('bare Fastify route', bare.url);
    const rows: ReadRow[] = [{ ...baseline, ratio: 1 }];
    await profiled('headlines', async () => {
      for (const [reading, as] of [['guest', undefined], ['signed in', token]] as const) {
        for (const [name, paths] of cases) {
          // A port that is not the international one is the mainland site (platform/site.ts), whose articles these are.
          await measureReads('warm-up', `${base}${paths[0]}`, paths, 2, as);
          const r = await measureReads(`${name}, ${reading}`, `${base}${paths[0]}`, paths, 10, as);
          rows.push({ ...r, ratio: r.requestsPerSecond / baseline.requestsPerSecond });
        }
      }
    });
    await app.close();
    await bare.close();
    return { ...seeded, rows };
  } finally {
    await close();
    await database.drop();
  }
}
