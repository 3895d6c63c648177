import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { CaptchaService } from './captcha.ts';
import type { Clock } from './clock.ts';
import type { Secrets } from './crypto.ts';
import type { Db } from './db/client.ts';
import type { GenbaSupplier } from './genba-supplier.ts';
import type { KeyPlatforms } from './key-platforms.ts';
import type { ReviewSources } from './review-sources.ts';
import type { GeoIp } from './geoip.ts';
import type { IdentityProvider } from './identity-provider.ts';
import type { KeyValueStore } from './kv.ts';
import type { SessionLocks } from './db/session-locks.ts';
import type { LinkedAccountProviders } from './linked-accounts/select.ts';
import type { Metrics } from './metrics.ts';
import type { Outbox } from './outbox.ts';
import type { PaymentGateways } from './payment-gateways/select.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { ResponseCache } from './response-cache.ts';
import type { SessionCache } from './session-cache.ts';
import type { SessionAccount } from './auth.ts';
import type { ObjectStorage } from './storage.ts';

/** What services are given: the platform's pieces, each behind an interface so tests and adapters can swap them. */
export interface Deps {
  config: Config;
  db: Db;
  kv: KeyValueStore;
  /** Locks that die with this instance (a pay call's order): PostgreSQL advisory locks on a connection of their own. */
  locks: SessionLocks;
  clock: Clock;
  secrets: Secrets;
  outbox: Outbox;
  captcha: CaptchaService;
  limiter: RateLimiter;
  /** Access-token lookups, kept for a few seconds; revocations drop them (session-cache.ts). */
  sessions: SessionCache<SessionAccount>;
  /** Shared catalogue reads, briefly kept in memory. */
  cache: ResponseCache;
  identity: IdentityProvider;
  /** The country of a client address, for the purchase block. */
  geoip: GeoIp;
  /** The key supplier for SKUs sold without a pool of their own (sandbox by default). */
  genba: GenbaSupplier;
  /** Where keys are activated (Steam, Epic…; sandbox by default). */
  keyPlatforms: KeyPlatforms;
  /** Where Steam and Epic reviews are imported from (sandbox by default; read only by the import job). */
  reviewSources: ReviewSources;
  /** Take money for the gateway methods: per site and method (Alipay, Stripe, else the sandbox where allowed), or by notify name. */
  paymentGateways: PaymentGateways;
  /** Where uploaded files are kept: local disk, or an S3-compatible bucket by config (storage.ts). */
  storage: ObjectStorage;
  /** Steam OpenID and Web API, WeChat and Weibo OAuth: real by keys, else the sandbox where allowed (decisions/0024). */
  linkedAccounts: LinkedAccountProviders;
  /** This instance's Prometheus metrics (metrics.ts), served on METRICS_PORT and to staff. */
  metrics: Metrics;
  log: Logger;
}
