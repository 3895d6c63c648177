import type { FastifyInstance } from 'fastify';

/**
 * Routes whose answers carry a secret — session tokens, game keys, redeem and verification codes, captcha
 * answers — by route pattern. Their answers say `Cache-Control: no-store`, so no shared cache, proxy or
 * back-forward cache keeps a copy.
 */
const SECRET_ANSWERS = new Set([
  '/api/accounts',
  '/api/access_token',
  '/api/fast/access_token',
  '/api/captchas',
  '/api/game_key',
  '/api/genba_key',
  '/api/virtual/game_keys',
  '/api/me/game_keys/:id',
  '/api/me/game_keys/:id/activate',
  '/api/me/codes/:id/activate',
  '/api/me/code',
  '/api/redeem',
  '/api/redeems',
  '/api/redeems/:id',
  '/api/admin/redeem_codes',
  '/api/admin/coupons',
  // Upload tokens: a signed policy anyone holding it may upload with until it expires.
  '/api/cloud_storages/new',
  '/api/cloud_storage',
  '/api/cloud_storage/new',
  '/__dev/outbox',
  '/__dev/captcha/:id',
]);

export function isSecretAnswer(routePattern: string | undefined): boolean {
  return routePattern !== undefined && SECRET_ANSWERS.has(routePattern);
}

/** Sets no-store before the handler runs; a route may still say something stricter itself. */
export function registerNoStore(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    if (isSecretAnswer(request.routeOptions.url)) reply.header('cache-control', 'no-store');
    done();
  });
}
