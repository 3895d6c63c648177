import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyRateLimit, { normalizeIP, type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Config } from '../config.ts';
import type { KeyValueStore } from './kv.ts';
import { AppError } from './errors.ts';

/** A budget of requests per client address, shared by every route of the group. */
interface LimitGroup {
  name: string;
  max: number;
  windowSeconds: number;
  /** `METHOD /route/pattern`, as the routes are declared. */
  routes: string[];
}

/**
 * The answers worth walling off per address: those that say whether an e-mail or phone has an account
 * (taken, used, not_found — asked in a loop, they list a store's customers), captchas (each one costs
 * drawing an image) and the batch user lookup. The hand-written code-send limits stay where they are
 * (accounts/codes.ts); this budget is counted before any of them, on every try.
 */
function limitGroups(config: Config): LimitGroup[] {
  return [
    {
      name: 'contact_checks',
      max: config.CONTACT_CHECKS_PER_IP_PER_HOUR,
      windowSeconds: 3600,
      routes: [
        'POST /api/message',
        'POST /api/accounts',
        'POST /api/access_token',
        'POST /api/fast/access_token',
        'PATCH /api/me/phone/password',
        'PATCH /api/me/email/password',
        'POST /api/me/email',
        'PATCH /api/me/email',
        'POST /api/me/phone',
        'PATCH /api/me/phone',
        'PUT /api/me/unlock',
      ],
    },
    { name: 'captchas', max: config.CAPTCHAS_PER_IP_PER_MINUTE, windowSeconds: 60, routes: ['POST /api/captchas'] },
    { name: 'user_lookups', max: config.USER_LOOKUPS_PER_IP_PER_MINUTE, windowSeconds: 60, routes: ['GET /api/users'] },
  ];
}

/**
 * @fastify/rate-limit's store over the platform's key-value store: Redis when REDIS_URL is set (one budget
 * across instances), memory otherwise. Keys already name their group, so a route's child is the store itself.
 */
function storeOver(kv: KeyValueStore): FastifyRateLimitStoreCtor {
  return class KeyValueLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindowMs: number) {
      const kvKey = `rl:route:${key}`;
      kv.incr(kvKey, Math.ceil(timeWindowMs / 1000))
        .then(async (current) => callback(null, { current, ttl: (await kv.ttl(kvKey)) * 1000 }))
        .catch((err: Error) => callback(err));
    }

    child() {
      return this;
    }
  };
}

/**
 * Registers the limits: each listed route gets its group's budget, keyed by `request.ip` (the socket's
 * peer, or the client a trusted proxy names). Over budget answers 429 `rate_limit` with Retry-After. When
 * the store cannot be reached the request goes through: a limit must not turn into an outage (a 5xx).
 */
export async function registerRouteRateLimits(app: FastifyInstance, config: Config, kv: KeyValueStore) {
  const byRoute = new Map<string, LimitGroup>();
  for (const group of limitGroups(config)) for (const route of group.routes) byRoute.set(route, group);

  // Runs before the plugin's own onRoute hook (registered below), so the plugin sees each route's budget.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const group = methods.map((m) => byRoute.get(`${m} ${route.url}`)).find(Boolean);
    if (!group) return;
    route.config = {
      ...route.config,
      rateLimit: {
        max: group.max,
        timeWindow: group.windowSeconds * 1000,
        keyGenerator: (request: FastifyRequest) => `${group.name}:${normalizeIP(request.ip)}`,
      },
    } as typeof route.config;
  });

  await app.register(fastifyRateLimit, {
    global: false,
    store: storeOver(kv),
    skipOnError: true,
    errorResponseBuilder: (_request, context) => new AppError(429, { base: ['rate_limit'] }, { retry_after: Math.ceil(context.ttl / 1000) }),
  });
}
