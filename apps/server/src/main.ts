import { loadConfig } from './config.ts';
import { compose } from './platform/compose.ts';
import { buildApp } from './app.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { startJobs } from './platform/jobs.ts';
import { siteServer } from './platform/site-server.ts';
import { outboxDeliveryJob } from './platform/outbox-delivery-job.ts';
import { MODULES } from './modules/registry.ts';
import { closeLiveStreams } from './modules/live/index.ts';
import { shutDown } from './platform/shutdown.ts';
import { startMetricsServer } from './platform/metrics-server.ts';

/**
 * Starts both sites from one application: mainland on PORT_NATIVE and international on PORT_ABROAD.
 * Both listeners share one request handler; each request learns its site from the port it arrived on
 * (or the host map in production).
 */
async function main() {
  const config = loadConfig();
  const { deps, close, database } = await compose(config);
  // Demo accounts share a published password: outside production only, unless SEED_DEMO=always asks.
  if (config.seedDemo) await seedIfEmpty(deps);
  else if (config.NODE_ENV === 'production' && config.SEED_DEMO === 'auto') console.log('Production: no demo data seeded (SEED_DEMO=always would).');

  let abroadServer: ReturnType<typeof siteServer> | undefined;
  const app = await buildApp(deps, {
    serverFactory: (handler) => {
      abroadServer = siteServer(handler);
      return siteServer(handler);
    },
  });
  await app.listen({ port: config.PORT_NATIVE, host: config.HOST });
  await new Promise<void>((resolve, reject) => abroadServer!.once('error', reject).listen(config.PORT_ABROAD, config.HOST, resolve));
  const metricsServer = config.METRICS_PORT
    ? await startMetricsServer(deps.metrics, { port: config.METRICS_PORT, host: config.METRICS_HOST, log: deps.log })
    : undefined;

  // Work that must happen once however many instances run (docs/decisions/0007): every module's jobs (unpaid
  // orders expire, refunds the gateway refused are asked for again, …) and the platform's mail delivery,
  // retried with backoff.
  const stopJobs = startJobs(deps, [...MODULES.flatMap((m) => m.jobs ?? []), outboxDeliveryJob]);

  const db = database.kind === 'postgres' ? 'PostgreSQL' : `embedded PGlite (${config.PGLITE_DIR})`;
  console.log(`\nLantern is running on ${db}${config.REDIS_URL ? ' with Redis' : ''}, Node.js ${process.version}:`);
  console.log(`  Mainland site (zh-CN, CNY):      ${config.siteUrls.native}`);
  console.log(`  International site (en, USD):    ${config.siteUrls.abroad}`);
  if (config.devSurface) console.log(`  API documentation:               ${config.siteUrls.native}/api/docs`);
  if (config.METRICS_PORT) console.log(`  Prometheus metrics:              http://${config.METRICS_HOST}:${config.METRICS_PORT}/metrics`);
  console.log('');

  // SIGTERM (a deploy, a scale-down) and SIGINT stop gracefully (platform/shutdown.ts): no new connections,
  // live streams told to reconnect elsewhere, requests in flight finished, leases and locks released.
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    deps.log.info({ signal }, 'stopping: no new connections; finishing requests in flight');
    try {
      await shutDown({
        servers: [app.server, abroadServer!, ...(metricsServer ? [metricsServer] : [])],
        endStreams: () => closeLiveStreams(),
        stopJobs,
        // Fastify's own close (its hooks), then work a module started in the background (a supplier call after a payment).
        drain: async () => {
          await app.close();
          await Promise.all(MODULES.map((m) => m.drain?.()));
        },
        close,
        log: deps.log,
        drainMs: config.SHUTDOWN_DRAIN_MS,
      });
      process.exit(0);
    } catch (err) {
      deps.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
