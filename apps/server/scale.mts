import pino from 'pino';
import pg from 'pg';
import { loadConfig } from './src/config.ts';
import { compose } from './src/platform/compose.ts';
import { seedCatalogAtScale } from './src/seed/catalog-scale.ts';
import { buildApp } from './src/app.ts';
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });
await admin.connect(); const fresh = !process.env.KEEP; if (fresh) { await admin.query('DROP DATABASE IF EXISTS scaleprobe WITH (FORCE)'); await admin.query('CREATE DATABASE scaleprobe'); }
const config = loadConfig({ ...process.env, NODE_ENV: 'test', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/scaleprobe', LOG_LEVEL: 'silent', SITE_HOSTS: 'cn.x=native,g.x=abroad' });
const c = await compose(config, { log: pino({ level: 'silent' }) });
let t0 = Date.now();
if (fresh) console.log(await seedCatalogAtScale(c.deps, { skus: 20000, tags: 200 }), Date.now() - t0, 'ms');
await c.deps.db.execute('ANALYZE');
const app = await buildApp(c.deps, { serveWeb: false });
for (const url of ['/api/v7/home', '/api/skus/5001', '/api/search/skus?keyword=tides&order=sale_price', '/api/search/skus?keyword=tides', '/api/search/skus?keyword=tydes', '/api/search/skus', '/api/search/skus?q[tags_id_in][]=3&q[tags_id_in][]=20', '/api/search/autocomplete?keyword=ash', '/api/search/skus?keyword=%E7%81%B0%E7%83%AC']) {
  await app.inject({ url, headers: { host: 'cn.x' } });
  t0 = performance.now();
  let r;
  for (let i = 0; i < 20; i++) r = await app.inject({ url, headers: { host: 'cn.x' } });
  console.log(url, r!.statusCode, ((performance.now() - t0) / 20).toFixed(1), 'ms', r!.body.length);
}
await app.close(); await c.close();
await admin.end();
