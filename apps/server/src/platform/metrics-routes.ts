import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.ts';

/** Where staff read the metrics on the sites themselves (the scraper's way in is METRICS_PORT, metrics-server.ts). */
export const STAFF_METRICS_PATH = '/api/admin/metrics';

/**
 * Times every answer into `lantern_http_request_duration_seconds`, labelled by the route's template
 * (`/api/skus/:id`): a raw path would make a series per id anyone cares to ask for. Requests no route
 * matched share one label.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
}

/** The staff path; registered inside the staff scope, whose hook asks for `api_staff` before this runs. */
export function staffMetricsRoute(metrics: Metrics) {
  return async (app: FastifyInstance) => {
    app.get(STAFF_METRICS_PATH, { schema: { hide: true } }, async (_request, reply) => {
      const { contentType, body } = await metrics.exposition();
      return reply.header('cache-control', 'no-store').type(contentType).send(body);
    });
  };
}
