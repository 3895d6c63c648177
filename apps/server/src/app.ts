import Fastify, { type FastifyInstance, type FastifyServerFactory, type RouteOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Deps } from './platform/deps.ts';
import { registerApiNotFound, registerErrorHandling } from './platform/errors.ts';
import { registerInputGuard } from './platform/input.ts';
import { sitePlugin } from './platform/site.ts';
import { authPlugin } from './platform/auth.ts';
import { parseQuery } from './platform/query.ts';
import { authenticate } from './modules/accounts/index.ts';
import { MODULES, setUpModules } from './modules/registry.ts';
import { permissionHook } from './platform/access.ts';
import { serverSwitchRoutes, type Feature } from './platform/features.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { listenForForgottenReads, registerRecentWrites } from './platform/shared-reads.ts';
import { registerNoStore } from './platform/no-store.ts';
import { registerRouteRateLimits } from './platform/route-rate-limits.ts';
import { registerAuditLog } from './platform/audit.ts';
import { responseSerializerCompiler } from './platform/compiled-response.ts';
import { devRoutes } from './dev/routes.ts';
import { registerWeb } from './web.ts';
import { registerHealth } from './platform/health.ts';
import { registerRequestContext } from './platform/request-context.ts';
import { requestIdOf, trustedPeers } from './platform/request-id.ts';
import { registerRequestMetrics, staffMetricsRoute } from './platform/metrics-routes.ts';


/** `/api/me.json` and `/api/me` are the same call (docs/product/README.md#api-conventions). */
function stripJsonSuffix(url: string): string {
  // Every request comes through here; almost none names .json.
  if (!url.includes('.json')) return url;
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  if (!path.endsWith('.json') || path === '/districts.json') return url;
  const bare = path.slice(0, -'.json'.length);
  return query === undefined ? bare : `${bare}?${query}`;
}

export interface BuildOptions {
  serveWeb?: boolean;
  /** Lets main.ts attach one handler to two listeners (one per site). */
  serverFactory?: FastifyServerFactory;
  /** Told of every route as it is registered (tests that call every route read them from the app itself). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the whole application on the given dependencies; `main.ts` and the tests both come through here. */
export async function buildApp(deps: Deps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const config: Config = deps.config;
  // Modules plug into the ones below them (what completing a paid order does) before anything is served.
  setUpModules();
  const fastifyOptions = {
    loggerInstance: deps.log,
    // Only the configured proxies may say who the client is (X-Forwarded-For); with none, the socket's peer
    // is the client in every environment, so no one picks their own address for the per-address limits.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: 1024 * 1024,
    // Every log line of a request carries its id (`reqId`), and every answer names it (x-request-id), so a
    // user's report of an error finds its lines. A configured proxy's own id is kept (its access log then names
    // the same request); an id sent by anyone else is not (platform/request-id.ts).
    genReqId: requestIdOf(config.trustedProxies.length > 0 ? trustedPeers(config.trustedProxies) : null),
    requestIdHeader: false,
    rewriteUrl: (req: { url?: string }) => stripJsonSuffix(req.url ?? '/'),
    // Cover seeds carry a title (percent-encoded CJK takes 9 characters a glyph): room for that in a path parameter.
    routerOptions: { querystringParser: parseQuery, maxParamLength: 512 },
    ...(options.serverFactory && { serverFactory: options.serverFactory }),
  };
  // Route typing comes from the zod type provider inside each module's plugin; the root needs none.
  const app = (Fastify as unknown as (options: object) => FastifyInstance)(fastifyOptions);

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerRequestContext(app);
  registerRequestMetrics(app, deps.metrics);
  registerErrorHandling(app);
  registerInputGuard(app);
  // Versioned vendor types (application/vnd.lantern.v7+json) are JSON too.
  app.addContentTypeParser(/^application\/[\w.+-]*\+json/, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'ignore'));

  await registerSecurityHeaders(app, config);
  registerNoStore(app);
  await registerRouteRateLimits(app, config, deps.kv);
  await app.register(fastifyCookie);
  await app.register(sitePlugin, { config });
  await app.register(authPlugin, { authenticate: (token, area) => authenticate(deps, token, area), secureCookies: config.secureCookies });
  registerAuditLog(app, deps);
  registerRecentWrites(app, deps);
  await listenForForgottenReads(deps);

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Lantern API', version: '1' } },
    transform: jsonSchemaTransform,
  });
  // The explorer lists every route: a map for developers, not for the public.
  // Its page is a bundle of its own: script from itself only, the inline styles it sets, nothing framing it.
  if (config.devSurface) {
    await app.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    });
  }

  registerHealth(app, { db: deps.db, sharedKv: config.REDIS_URL ? deps.kv : undefined });
  for (const module of MODULES) if (module.routes) await app.register(module.routes(deps));
  // Every staff route sits behind one permission check that runs before its body is even validated: none
  // can forget it, and a caller without the permission learns nothing of what the route expects.
  await app.register(async (staff) => {
    staff.addHook('preValidation', permissionHook('api_staff'));
    for (const module of MODULES) if (module.staffRoutes) await staff.register(module.staffRoutes(deps));
    await staff.register(staffMetricsRoute(deps.metrics));
  });
  await app.register(serverSwitchRoutes(new Set<Feature>(MODULES.flatMap((m) => m.features ?? []))));
  if (config.devSurface) await app.register(devRoutes(deps));

  const webServed = options.serveWeb !== false && (await registerWeb(app, config, deps));
  if (!webServed) registerApiNotFound(app);
  return app;
}
