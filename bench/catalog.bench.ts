import { desc, eq } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.ts';
import { compose } from '../apps/server/src/platform/compose.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { seedIfEmpty } from '../apps/server/src/seed/seed.ts';
import { seedCatalogAtScale } from '../apps/server/src/seed/catalog-scale.ts';
import { skus } from '../apps/server/src/modules/catalog/tables.ts';
import { load, startBareServer, wireBytes, type LoadResult } from './lib.ts';
import { createScratchDatabase } from '../apps/server/src/platform/db/scratch-database.ts';

export interface CatalogBench {
  skuCount: number;
  /** `wireBytes`: the mean size of the route's answers as browsers get them (gzip), which the load generator also reads. */
  rows: (LoadResult & { ratio: number; wireBytes?: number })[];
}

const KEYWORDS = ['star', 'dark', 'legend', 'city', 'tide', 'crown', 'forge', 'drift', 'night', 'iron', '星', '夜', '王', '城', 'quest', 'shadow', 'sky', 'ember', 'road', 'echo'];
const ORDERS = ['rank', 'discount', 'released_at', 'score', 'wishes_count', 'sale_price'];

/**
 * The catalogue at realistic size on PostgreSQL: the demo data plus 20,000 SKUs and 200 tags. Home, SKU
 * detail and keyword search with ordering, each at 50 connections, against a bare route in the same run.
 */
export async function catalogBench(): Promise<CatalogBench> {
  const database = await createScratchDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', 'lantern_bench');
  const config = loadConfig({ ...process.env, DATABASE_URL: database.url, NODE_ENV: 'production', APP_SECRET: 'bench-secret-bench-secret-bench-secret!', ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'staging', LOG_LEVEL: 'silent' });
  const { deps, close } = await compose(config, { log: pino({ level: 'silent' }), kvPrefix: `bench:${Date.now()}:` });
  try {
    await seedIfEmpty(deps);
    await seedCatalogAtScale(deps, { skus: 20_000, tags: 200 });
    const skuCount = (await deps.db.$count(skus)) as number;
    const popular = await deps.db.select({ id: skus.id }).from(skus).where(eq(skus.area, 'native')).orderBy(desc(skus.rank)).limit(20);

    const app = await buildApp(deps, { serveWeb: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const bare = await startBareServer();

    const skuPaths = popular.map((s) => `/api/skus/${s.id}`);
    const searchPaths = KEYWORDS.map((k, i) => `/api/search/skus?keyword=${encodeURIComponent(k)}&order=${ORDERS[i % ORDERS.length]}&direction=${i % 2 ? 'asc' : 'desc'}`);
    const cases: [string, string, string[] | undefined][] = [
      ['GET /api/v7/home', `${base}/api/v7/home`, undefined],
      ['GET /api/skus/{id} (20 popular SKUs)', `${base}${skuPaths[0]}`, skuPaths],
      ['GET /api/search/skus (20 keywords × orderings)', `${base}${searchPaths[0]}`, searchPaths],
    ];

    await load('warm-up', bare.url, { seconds: 2 });
    const baseline = await load('bare Fastify route', bare.url);
    const rows: CatalogBench['rows'] = [{ ...baseline, ratio: 1 }];
    for (const [name, url, paths] of cases) {
      await load('warm-up', url, { seconds: 2, paths, headers: { 'accept-encoding': 'gzip' } });
      const result = await load(name, url, { paths, headers: { 'accept-encoding': 'gzip' } });
      if (result.non2xx > 0) throw new Error(`${name}: ${result.non2xx} non-2xx answers`);
      const sizes = await Promise.all((paths ?? [url.slice(base.length)]).map((path) => wireBytes(`${base}${path}`)));
      rows.push({ ...result, ratio: result.requestsPerSecond / baseline.requestsPerSecond, wireBytes: Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length) });
    }
    await app.close();
    await bare.close();
    return { skuCount, rows };
  } finally {
    await close();
    await database.drop();
  }
}
