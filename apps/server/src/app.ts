import Fastify, { type FastifyInstance, type FastifyServerFactory } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Deps } from './platform/deps.ts';
import { registerApiNotFound, registerErrorHandling } from './platform/errors.ts';
import { registerInputGuard } from './platform/input.ts';
import { sitePlugin } from './platform/site.ts';
import { authPlugin } from './platform/auth.ts';
import { parseQuery } from './platform/query.ts';
import { accountRoutes, authenticate } from './modules/accounts/routes.ts';
import { regionRoutes } from './modules/region/routes.ts';
import { catalogRoutes } from './modules/catalog/routes.ts';
import { storefrontRoutes } from './modules/storefront/routes.ts';
import { shopRoutes } from './modules/shop/routes.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { couponRoutes } from './modules/coupons/routes.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { keyRoutes } from './modules/keys/routes.ts';
import { libraryRoutes } from './modules/library/routes.ts';
import { redeemRoutes } from './modules/redeem/routes.ts';
import { userCenterRoutes } from './modules/user-center/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { setupBuying } from './modules/buying.ts';
import { devRoutes } from './dev/routes.ts';
import { registerWeb } from './web.ts';


/** `/api/me.json` and `/api/me` are the same call (design §2). */
function stripJsonSuffix(url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  if (!path.endsWith('.json') || path === '/districts.json') return url;
  const bare = path.slice(0, -'.json'.length);
  return query === undefined ? bare : `${bare}?${query}`;
}

export interface BuildOptions {
  serveWeb?: boolean;
  /** Lets main.ts attach one handler to two listeners (one per site). */
  serverFactory?: FastifyServerFactory;
}

/** Builds the whole application on the given dependencies; `main.ts` and the tests both come through here. */
export async function buildApp(deps: Deps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const config: Config = deps.config;
  setupBuying();
  const fastifyOptions = {
    loggerInstance: deps.log,
    trustProxy: config.NODE_ENV === 'production',
    bodyLimit: 1024 * 1024,
    rewriteUrl: (req: { url?: string }) => stripJsonSuffix(req.url ?? '/'),
    // Cover seeds carry a title (percent-encoded CJK takes 9 characters a glyph): room for that in a path parameter.
    routerOptions: { querystringParser: parseQuery, maxParamLength: 512 },
    ...(options.serverFactory && { serverFactory: options.serverFactory }),
  };
  // Route typing comes from the zod type provider inside each module's plugin; the root needs none.
  const app = (Fastify as unknown as (options: object) => FastifyInstance)(fastifyOptions);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputGuard(app);
  // Versioned vendor types (application/vnd.lantern.v7+json) are JSON too.
  app.addContentTypeParser(/^application\/[\w.+-]*\+json/, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'ignore'));

  await app.register(fastifyCookie);
  await app.register(sitePlugin, { config });
  await app.register(authPlugin, { authenticate: (token, area) => authenticate(deps, token, area) });

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Lantern API', version: '1' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(regionRoutes(deps));
  await app.register(accountRoutes(deps));
  await app.register(catalogRoutes(deps));
  await app.register(storefrontRoutes(deps));
  await app.register(shopRoutes(deps));
  await app.register(mediaRoutes(deps));
  await app.register(cartRoutes(deps));
  await app.register(couponRoutes(deps));
  await app.register(orderRoutes(deps));
  await app.register(keyRoutes(deps));
  await app.register(libraryRoutes(deps));
  await app.register(redeemRoutes(deps));
  await app.register(userCenterRoutes(deps));
  await app.register(adminRoutes(deps));
  await app.register(paymentRoutes(deps));
  if (config.devSurface) await app.register(devRoutes(deps));

  const webServed = options.serveWeb !== false && (await registerWeb(app, config, deps));
  if (!webServed) registerApiNotFound(app);
  return app;
}
