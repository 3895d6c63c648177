import { randomBytes } from 'node:crypto';
import pino, { type Logger } from 'pino';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../../src/config.ts';
import { compose } from '../../src/platform/compose.ts';
import type { MailSender, SmsSender } from '../../src/platform/outbox-senders.ts';
import { buildApp, type BuildOptions } from '../../src/app.ts';
import { createScratchDatabase } from '../../src/platform/db/scratch-database.ts';
import { openDatabase, type Database } from '../../src/platform/db/client.ts';
import { pgliteTemplateDump, postgresTemplateName } from './template-copies.ts';
import type { Deps } from '../../src/platform/deps.ts';
import type { Clock } from '../../src/platform/clock.ts';
import { RecordingSender } from './jobs-support.ts';
import { HOSTS } from './hosts.ts';

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
export { HOSTS };


/** Settings that run the app as production does (the sandbox gateway named on purpose, as production must). */
export const PRODUCTION_ENV = { NODE_ENV: 'production', APP_SECRET: 'a-production-secret-of-at-least-32-chars', ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'staging' };

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  clock: TestClock;
  database: Database;
  /** What the SMS gateway and mail server accepted, when the app was built with `recordMessages`. */
  messages?: RecordingSender;
  close(): Promise<void>;
}

export interface TestAppOptions {
  webDist?: string;
  /**
   * Another server instance on the first one's database, clock and key-value prefix, as two processes
   * behind one load balancer would be: on PostgreSQL a pool of its own to the same database, on PGlite
   * the same handle (it is embedded in one process). Close it before the first.
   */
  sameDatabaseAs?: TestApp;
  /** Stand-ins for the SMS gateway and the mail server (the sandboxes by default). */
  sms?: SmsSender;
  mail?: MailSender;
  /** Where the app logs (silent by default); tests that read log lines pass their own. */
  log?: Logger;
  /** Settings a test file needs on top (a payment provider pointed at its local stub, say). */
  env?: Record<string, string>;
  /**
   * Record what is sent instead of reading it back from the outbox: in production the outbox keeps no
   * message body once delivered, so tests of production mode read codes from here.
   */
  recordMessages?: boolean;
  /** Told of every route the app registers (from fastify's onRoute hook). */
  onRoute?: BuildOptions['onRoute'];
  /**
   * An existing PostgreSQL database to open as it is (a restored backup, say): the app migrates it like any
   * other start and leaves it in place when closed.
   */
  databaseUrl?: string;
}

// Keyed by the app's deps rather than the TestApp itself, so a stand-in that reads the app once built
// (useTestApp in test-app.ts) names the same world as the app it stands for.
const worlds = new WeakMap<Deps, { url: string | undefined; kvPrefix: string }>();

/**
 * Builds the whole application on a database of its own: a fresh in-memory PGlite, or — when
 * DATABASE_URL is set (CI) — a new database on that server, dropped afterwards. With REDIS_URL the
 * key-value store is Redis under a prefix of its own. `env` adds or overrides settings.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const first = options.sameDatabaseAs;
  const firstWorld = first && worlds.get(first.deps);
  const serverDb = !first && !options.databaseUrl && process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL, 'lantern_test', postgresTemplateName()) : null;
  const url = first ? firstWorld!.url : options.databaseUrl ?? serverDb?.url;
  const kvPrefix = firstWorld?.kvPrefix ?? `test:${randomBytes(6).toString('hex')}:`;
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: url,
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
    // Files that write many comments or posts from one account test something else; the pace has its own
    // tests (moderation*.test.ts turn it on).
    COMMUNITY_WRITE_PACE: 'off',
    // Settings a test file needs on top (production mode, a payment provider pointed at its local stub, …).
    ...options.env,
  });
  // A first instance on PGlite loads the run's migrated template (test/support/template-database.ts); it is this app's own to close.
  const ownPglite = !first && !url ? await openDatabase({ dataDir: 'memory://', template: pgliteTemplateDump() }) : undefined;
  const clock = first?.clock ?? new TestClock();
  const messages = options.recordMessages ? new RecordingSender() : undefined;
  const composed = await compose(config, {
    clock,
    log: options.log ?? pino({ level: 'silent' }),
    kvPrefix,
    // PGlite lives in this process: a second instance can only share the first one's handle.
    database: first && !url ? first.database : ownPglite,
    // Without Redis, a second instance shares the first one's in-process store, so pub/sub reaches both.
    kv: first && !config.REDIS_URL ? first.deps.kv : undefined,
    sms: options.sms ?? messages,
    mail: options.mail ?? messages,
  });
  const app = await buildApp(composed.deps, { serveWeb: options.webDist !== undefined, onRoute: options.onRoute });
  await app.ready();
  checkRequestIdsOfErrors(app);
  const testApp: TestApp = {
    app,
    deps: composed.deps,
    clock,
    database: composed.database,
    messages,
    async close() {
      await app.close();
      await composed.close();
      await ownPglite?.close();
      await serverDb?.drop();
    },
  };
  worlds.set(composed.deps, { url, kvPrefix });
  return testApp;
}

/**
 * Every error answer names its request (docs/decisions/0057): each one a test reads through `json()` is checked
 * here — `meta.request_id` present and the same as the `x-request-id` header — and `json()` then answers the body
 * without it (and without `meta` when that held nothing else), so a test's exact body says only what it is about:
 * the reasons and the facts the client needs. The raw `body` keeps it. test/platform/error-request-ids.test.ts reads it
 * there for each kind of error answer.
 */
function checkRequestIdsOfErrors(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  (app as unknown as { inject: (...args: unknown[]) => unknown }).inject = (...args: unknown[]) => {
    const answer = inject(...args);
    // With options and no callback the answer is light-my-request's Chain, a thenable: it is awaited as one.
    if (args.length !== 1 || typeof (answer as { then?: unknown } | null)?.then !== 'function') return answer;
    return Promise.resolve(answer as PromiseLike<LightMyRequestResponse>).then((res) => {
      if (res.statusCode < 400 || !String(res.headers['content-type'] ?? '').includes('application/json')) return res;
      const json = res.json.bind(res);
      res.json = (() => {
        const body = json() as { errors?: unknown; meta?: Record<string, unknown> } | null;
        if (!body || typeof body !== 'object' || !('errors' in body)) return body;
        const { request_id: requestId, ...meta } = body.meta ?? {};
        if (requestId === undefined || requestId !== res.headers['x-request-id']) {
          throw new Error(`${res.statusCode} error answer without its request id (meta.request_id ${String(requestId)}, x-request-id ${String(res.headers['x-request-id'])}): ${res.body}`);
        }
        const { meta: _meta, ...rest } = body;
        return Object.keys(meta).length > 0 ? { ...rest, meta } : rest;
      }) as typeof res.json;
      return res;
    });
  };
}
