import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import type { Metrics } from './metrics.ts';

/**
 * The scraper's way in (docs/decisions/0051-metrics-and-operations.md): a listener of its own on
 * METRICS_PORT, bound to 127.0.0.1 unless METRICS_HOST says otherwise, answering `GET /metrics` and nothing
 * else. Neither site's port serves it, so the public never reaches it, and it needs no session.
 */
export async function startMetricsServer(metrics: Metrics, options: { port: number; host: string; log: Logger }): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metrics.exposition().then(
      ({ contentType, body }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (err: unknown) => {
        options.log.error({ err }, 'metrics: exposition failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(options.port, options.host, resolve));
  return server;
}
