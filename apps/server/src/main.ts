import { createServer } from 'node:http';
import { loadConfig } from './config.ts';
import { compose } from './platform/compose.ts';
import { buildApp } from './app.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { startOrderExpiry } from './modules/orders/index.ts';
import { startRefundRetries } from './modules/payments/index.ts';
import { supplierOrdersSettled, supplierRetryJob } from './modules/keys/index.ts';
import { startSweep } from './platform/sweeper.ts';

/**
 * Starts both sites from one application: mainland on PORT_NATIVE and international on PORT_ABROAD.
 * Both listeners share one request handler; each request learns its site from the port it arrived on
 * (or the host map in production).
 */
async function main() {
  const config = loadConfig();
  const { deps, close, database } = await compose(config);
  if (config.SEED_DEMO === 'auto') await seedIfEmpty(deps);

  let abroadServer: ReturnType<typeof createServer> | undefined;
  const app = await buildApp(deps, {
    serverFactory: (handler) => {
      abroadServer = createServer(handler);
      return createServer(handler);
    },
  });
  await app.listen({ port: config.PORT_NATIVE, host: config.HOST });
  await new Promise<void>((resolve, reject) => abroadServer!.once('error', reject).listen(config.PORT_ABROAD, config.HOST, resolve));

  // Unpaid orders really expire (spec §4, §9): swept every 30 s, and also on every read of orders.
  const stopExpiry = startOrderExpiry(deps);
  // Money owed back (a late or double payment) is asked for again while the gateway refuses it.
  const stopRefunds = startRefundRetries(deps);
  // Keys the supplier could not sell at once (or never got asked for) are asked for again.
  const stopSupplier = startSweep(supplierRetryJob.name, () => supplierRetryJob.run(deps), supplierRetryJob.everyMs, deps.log);

  const db = database.kind === 'postgres' ? 'PostgreSQL' : `embedded PGlite (${config.PGLITE_DIR})`;
  console.log(`\nLantern is running on ${db}${config.REDIS_URL ? ' with Redis' : ''}:`);
  console.log(`  Mainland site (zh-CN, CNY):      ${config.siteUrls.native}`);
  console.log(`  International site (en, USD):    ${config.siteUrls.abroad}`);
  console.log(`  API documentation:               ${config.siteUrls.native}/api/docs\n`);

  const stop = async () => {
    await stopExpiry();
    await stopRefunds();
    await stopSupplier();
    await supplierOrdersSettled();
    abroadServer?.close();
    await app.close();
    await close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
