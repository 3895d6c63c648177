import { rm } from 'node:fs/promises';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Deps } from './deps.ts';
import { openDatabase, type Database } from './db/client.ts';
import { MemoryStore, RedisStore, type KeyValueStore } from './kv.ts';
import { systemClock, type Clock } from './clock.ts';
import { Secrets } from './crypto.ts';
import { checkSecretSeal } from './secret-seal.ts';
import { Outbox } from './outbox.ts';
import { openSessionLocks } from './db/session-locks.ts';
import { SandboxMail, SmtpMail, type MailSender, type SmsSender } from './outbox-senders.ts';
import { CaptchaService } from './captcha.ts';
import { RateLimiter } from './rate-limit.ts';
import { SandboxIdentityProvider } from './identity-provider.ts';
import { composeLinkedAccountProviders } from './linked-accounts/select.ts';
import { ResponseCache } from './response-cache.ts';
import { SessionCache } from './session-cache.ts';
import { composePaymentGateways } from './payment-gateways/select.ts';
import { RangeGeoIp } from './geoip.ts';
import { SandboxGenbaSupplier } from './genba-supplier.ts';
import { SandboxKeyPlatforms } from './key-platforms.ts';
import { composeReviewSources } from './review-sources.ts';
import { LocalDiskStorage, type ObjectStorage } from './storage.ts';
import { S3Storage } from './storage-s3.ts';
import { Metrics } from './metrics.ts';
import { createLogger } from './request-context.ts';
import { composeSms } from './sms-select.ts';

export interface Composed {
  deps: Deps;
  database: Database;
  close(): Promise<void>;
}

export interface ComposeOverrides {
  log?: Logger;
  clock?: Clock;
  kvPrefix?: string;
  /** Another instance's open database (tests run two instances on one embedded PGlite); left open on close. */
  database?: Database;
  /**
   * Another instance's in-process store (tests run two instances in one process without Redis, and they
   * share pub/sub as two processes share Redis); left open on close.
   */
  kv?: KeyValueStore;
  sms?: SmsSender;
  mail?: MailSender;
  /** Another object store (tests of the S3 adapter's wiring). */
  storage?: ObjectStorage;
}

/** How long a start waits for Redis before serving on the fallbacks (it keeps reconnecting meanwhile). */
const REDIS_START_WAIT_MS = 3_000;

/** Wires the platform from configuration: the one place that picks PGlite or PostgreSQL, memory or Redis. */
export async function compose(config: Config, overrides: ComposeOverrides = {}): Promise<Composed> {
  // Every line logged while a request is served names it (`reqId`), services' lines included (request-context.ts).
  const log = overrides.log ?? createLogger(config.LOG_LEVEL);
  const clock = overrides.clock ?? systemClock;
  // First: a bad payment key stops the start before anything is opened.
  const paymentGateways = composePaymentGateways(config, clock, log);
  const database = overrides.database ?? await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.PGLITE_DIR,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: config.DB_IDLE_TX_TIMEOUT_MS,
  });
  const secrets = new Secrets(config.appSecret);
  try {
    await checkSecretSeal(database.db, secrets);
  } catch (error) {
    if (!overrides.database) await database.close();
    throw error;
  }
  const redis = !overrides.kv && config.REDIS_URL ? new RedisStore(config.REDIS_URL, overrides.kvPrefix ?? config.REDIS_PREFIX, log) : undefined;
  const kv: KeyValueStore = overrides.kv ?? redis ?? new MemoryStore();
  const deps: Deps = {
    config,
    db: database.db,
    kv,
    locks: openSessionLocks(database, config.DATABASE_URL, log),
    clock,
    secrets,
    outbox: new Outbox(database.db, {
      clock,
      secrets,
      sms: overrides.sms ?? composeSms(config, log),
      mail: overrides.mail ?? (config.SMTP_URL ? new SmtpMail(config.SMTP_URL, config.MAIL_FROM) : new SandboxMail(log)),
      log,
      // The dev surface shows sent codes; production keeps no code once it is sent.
      keepBodies: config.devSurface,
    }),
    captcha: new CaptchaService(kv),
    limiter: new RateLimiter(kv),
    cache: new ResponseCache(config.CATALOG_CACHE_SECONDS),
    sessions: new SessionCache(clock, kv),
    identity: new SandboxIdentityProvider(kv),
    geoip: new RangeGeoIp(config.GEOIP_RANGES),
    genba: new SandboxGenbaSupplier(),
    keyPlatforms: new SandboxKeyPlatforms(),
    reviewSources: composeReviewSources(config),
    paymentGateways,
    storage: overrides.storage ?? createStorage(config),
    linkedAccounts: composeLinkedAccountProviders(config, kv),
    metrics: new Metrics({ db: database.db, clock, log }),
    log,
  };
  await deps.sessions.start();
  // Commands fail at once while Redis is not connected (decision 0049): give it a moment to connect, no more.
  await redis?.whenReady(REDIS_START_WAIT_MS);
  warnOfSandboxesInProduction(config, log, { smsMainland: !overrides.sms && !config.sms.alibaba, smsInternational: !overrides.sms && !config.sms.twilio, mail: !overrides.mail && !config.SMTP_URL });
  return {
    deps,
    database,
    async close() {
      await deps.outbox.drain();
      await deps.sessions.stop();
      await deps.locks.close();
      if (!overrides.kv) await kv.close();
      if (!overrides.database) await database.close();
      // An in-memory database's uploads go with it.
      if (config.storage.kind === 'local' && config.storage.temporary && !overrides.storage) await rm(config.storage.dir, { recursive: true, force: true });
    },
  };
}

/** Local disk by default, or the configured S3-compatible bucket (decisions/0014). */
function createStorage(config: Config): ObjectStorage {
  return config.storage.kind === 'local' ? new LocalDiskStorage(config.storage.dir) : new S3Storage(config.storage);
}

/**
 * Outside parties that have no real adapter yet answer from sandboxes in every environment. In production
 * that is said loudly at start, by name, so nobody mistakes a running server for one that texts codes,
 * verifies identities or buys supplier keys (README, production checklist).
 */
function warnOfSandboxesInProduction(config: Config, log: Logger, sandboxed: { smsMainland: boolean; smsInternational: boolean; mail: boolean }) {
  if (config.NODE_ENV !== 'production') return;
  const parties = [
    ...(sandboxed.smsMainland ? ['SMS to mainland numbers (ALIBABA_SMS_* are not set: their codes are not delivered)'] : []),
    ...(sandboxed.smsInternational ? ['SMS to other numbers (TWILIO_* are not set: their codes are not delivered)'] : []),
    ...(sandboxed.mail ? ['e-mail (SMTP_URL is not set: e-mail codes are not delivered)'] : []),
    'identity verification', 'the key supplier (genba)', 'key activation platforms', 'Epic reviews',
    ...(config.REVIEW_SOURCE === 'sandbox' ? ['Steam reviews (REVIEW_SOURCE=sandbox: generated reviews)'] : []),
  ];
  log.warn({ sandboxes: parties }, `production is running with sandboxes for: ${parties.join('; ')}`);
}
