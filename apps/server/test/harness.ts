import { randomBytes } from 'node:crypto';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.ts';
import { compose } from '../src/platform/compose.ts';
import { buildApp } from '../src/app.ts';
import { createScratchDatabase } from '../src/platform/db/scratch-database.ts';
import type { Deps } from '../src/platform/deps.ts';
import type { Clock } from '../src/platform/clock.ts';

/** A clock tests can move: services read time only through it. */
export class TestClock implements Clock {
  private current: number;
  constructor(start = Date.now()) {
    this.current = start;
  }
  now() {
    return new Date(this.current);
  }
  advance(seconds: number) {
    this.current += seconds * 1000;
  }
}

/** Host names that resolve to each site in tests (through the SITE_HOSTS map). */
export const HOSTS = { native: 'cn.lantern.test', abroad: 'global.lantern.test' } as const;


/** Settings that run the app as production does (the sandbox gateway named on purpose, as production must). */
export const PRODUCTION_ENV = { NODE_ENV: 'production', APP_SECRET: 'a-production-secret-of-at-least-32-chars', PAYMENT_GATEWAY: 'sandbox' };

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  clock: TestClock;
  close(): Promise<void>;
}

/**
 * Builds the whole application on a database of its own: a fresh in-memory PGlite, or — when
 * DATABASE_URL is set (CI) — a new database on that server, dropped afterwards. With REDIS_URL the
 * key-value store is Redis under a prefix of its own.
 */
export async function createTestApp(options: { webDist?: string; env?: Record<string, string> } = {}): Promise<TestApp> {
  const serverDb = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, 'lantern_test') : null;
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: serverDb?.url,
    PGLITE_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    // Tests change data and read it back at once; the cache has its own tests.
    CATALOG_CACHE_SECONDS: '0',
    SITE_HOSTS: `${HOSTS.native}=native,${HOSTS.abroad}=abroad`,
    WEB_DIST: options.webDist,
    // Most tests call from one address (inject's 127.0.0.1); the per-address budgets have their own tests.
    CONTACT_CHECKS_PER_IP_PER_HOUR: '100000',
    CAPTCHAS_PER_IP_PER_MINUTE: '100000',
    USER_LOOKUPS_PER_IP_PER_MINUTE: '100000',
    // A test may run the app as production, or with other settings, by naming them.
    ...options.env,
  });
  const clock = new TestClock();
  const composed = await compose(config, { clock, log: pino({ level: 'silent' }), kvPrefix: `test:${randomBytes(6).toString('hex')}:` });
  const app = await buildApp(composed.deps, { serveWeb: options.webDist !== undefined });
  await app.ready();
  return {
    app,
    deps: composed.deps,
    clock,
    async close() {
      await app.close();
      await composed.close();
      await serverDb?.drop();
    },
  };
}
