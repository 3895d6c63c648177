import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { UPLOADS_PER_ACCOUNT_PER_HOUR } from '@lantern/domain';
import type { AlipaySettings } from './platform/payment-gateways/alipay.ts';
import type { StripeSettings } from './platform/payment-gateways/stripe.ts';
import type { AlibabaSmsSettings } from './platform/sms-alibaba.ts';
import type { TwilioSmsSettings } from './platform/sms-twilio.ts';

/** `<repository>/data/pglite`, wherever the process was started from. */
const DEFAULT_PGLITE_DIR = fileURLToPath(new URL('../../../data/pglite', import.meta.url));

/**
 * Configuration, parsed once at start-up from the environment. A bad value stops the process with a
 * message naming the variable, instead of surfacing later as a strange runtime failure.
 */
const schema = z.object({
  /**
   * Production unless told otherwise: a server started without saying what it is must not hand out demo
   * accounts, verification codes or cookies without Secure. `npm start`, the tests and the e2e server say
   * `development` or `test` themselves.
   */
  NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
  DATABASE_URL: z.string().url().optional(),
  /** Folder of the embedded PGlite database, used when DATABASE_URL is not set. `memory://` keeps it in memory. */
  PGLITE_DIR: z.string().default(DEFAULT_PGLITE_DIR),
  /** PostgreSQL only: longest a statement may run before the server cancels it (0: no limit). Migrations are exempt. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  /** PostgreSQL only: longest a session may sit idle inside a transaction before the server ends it (0: no limit). */
  DB_IDLE_TX_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  /** On SIGTERM, how long requests in flight may take to finish before their connections are cut (platform/shutdown.ts). */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(20_000),
  REDIS_URL: z.string().url().optional(),
  /**
   * What every key and pub/sub channel of this store starts with on Redis: two stores sharing one Redis (a
   * staging copy beside production, a test run beside a developer's server) keep apart by it. Redis's database
   * index (`redis://…/2`) separates keys but not pub/sub channels, so the prefix is the setting that separates both.
   */
  REDIS_PREFIX: z.string().regex(/^[\w.:-]{1,64}$/, 'expected up to 64 letters, digits, ".", ":", "-" or "_"').default('lantern:'),
  PORT_NATIVE: z.coerce.number().int().min(1).max(65535).default(3000),
  PORT_ABROAD: z.coerce.number().int().min(1).max(65535).default(3001),
  HOST: z.string().default('0.0.0.0'),
  /**
   * Prometheus's way in (platform/metrics-server.ts): `GET /metrics` on a listener of its own, off unless a
   * port is given; bound to the loopback address unless METRICS_HOST names another (a private interface).
   * Staff also read the metrics at /api/admin/metrics on either site.
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** Public origins of the two sites, used in links between them. */
  SITE_URL_NATIVE: z.string().url().optional(),
  SITE_URL_ABROAD: z.string().url().optional(),
  /** Production host map: "store.example.cn=native,store.example.com=abroad". */
  SITE_HOSTS: z.string().default(''),
  /** 32+ character secret for encrypting data at rest (real names, game keys) and signing. */
  APP_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Lantern <no-reply@lantern.localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** Demo data for an empty database: `auto` seeds outside production only, `always` also in production (a staging copy), `never` never. */
  SEED_DEMO: z.enum(['auto', 'always', 'never']).default('auto'),
  /**
   * Proxies whose X-Forwarded-For is believed, as comma-separated addresses or CIDR ranges. Empty: the
   * socket's peer is the client, whatever headers it sends (otherwise any client could pick its own address
   * and walk past every per-address limit and the purchase block).
   */
  TRUSTED_PROXIES: z.string().default(''),
  /** Answers that tell whether an e-mail or phone has an account (code sends, sign-up, sign-in, password reset), per address and hour. */
  CONTACT_CHECKS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(60),
  /** Captchas one address may ask for per minute. */
  CAPTCHAS_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Batch user lookups (GET /api/users) one address may make per minute. */
  USER_LOOKUPS_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /**
   * The community's write pace by account age and standing (docs/product/community.md#moderation): on unless
   * switched off. Only the test harness switches it off, for files that write many comments or posts from one
   * account to test something else; moderation's own tests and the e2e server keep it on.
   */
  COMMUNITY_WRITE_PACE: z.enum(['on', 'off']).default('on'),
  /**
   * Origins besides this site that the web's pages may post a form to: the payment gateways' checkout pages,
   * which the web's /blank page submits to (and which may redirect within their own domain).
   */
  FORM_ACTION_ORIGINS: z.string().default('https://*.alipay.com,https://checkout.stripe.com'),
  /** How long shared catalogue reads (home, searches, a SKU page for guests) are served from memory; 0 turns it off. */
  CATALOG_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  /** Verification codes one address may request per hour, and how many before a captcha is asked. */
  CODE_SENDS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(30),
  CODE_SENDS_PER_IP_BEFORE_CAPTCHA: z.coerce.number().int().min(0).default(10),
  /** Address ranges and their countries for the purchase block (docs/product/buying.md#purchase-blocked), "cidr=cc,…"; see platform/geoip.ts. */
  GEOIP_RANGES: z.string().default(''),
  /** Stripe takes card payments on the international site when both are set (dashboard → Developers → API keys, Webhooks). */
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_/, 'expected a secret or restricted key (sk_… or rk_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_/, 'expected a webhook signing secret (whsec_…)').optional(),
  /** Only for tests: the origin the Stripe SDK talks to instead of Stripe's API (a local stub). */
  STRIPE_API_BASE: z.string().url().optional(),
  /** Alipay takes alipay payments on the mainland site when all three are set (keys as PEM or Alipay's bare base64). */
  ALIPAY_APP_ID: z.string().regex(/^\d+$/, 'expected the numeric application id').optional(),
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  /** Only for tests: the OpenAPI gateway url the Alipay SDK calls instead of Alipay's (a local stub). */
  ALIPAY_GATEWAY: z.string().url().optional(),
  /**
   * Real SMS (platform/sms-routing.ts): mainland numbers through Alibaba Cloud SMS when its four settings are
   * set, every other number through Twilio when its three are; a side without settings stays the sandbox
   * (logged, never delivered), and production names it at start. The template is an approved notification
   * template whose one variable (ALIBABA_SMS_TEMPLATE_PARAM) takes the whole text.
   */
  ALIBABA_SMS_ACCESS_KEY_ID: z.string().optional(),
  ALIBABA_SMS_ACCESS_KEY_SECRET: z.string().optional(),
  ALIBABA_SMS_SIGN_NAME: z.string().optional(),
  ALIBABA_SMS_TEMPLATE_CODE: z.string().regex(/^SMS_\d+$/, 'expected an approved template code (SMS_…)').optional(),
  ALIBABA_SMS_TEMPLATE_PARAM: z.string().regex(/^\w+$/, 'expected the template variable\'s name').default('content'),
  /** Only for tests: the origin the Alibaba Cloud SDK calls instead of dysmsapi.aliyuncs.com (a local stub). */
  ALIBABA_SMS_ENDPOINT: z.string().url().optional(),
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-f]{32}$/i, 'expected an account SID (AC…)').optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
  /** The sending number in E.164, or a Messaging Service SID (MG…). */
  TWILIO_FROM: z.string().regex(/^(\+[1-9]\d{6,14}|MG[0-9a-f]{32})$/i, 'expected an E.164 number or a Messaging Service SID (MG…)').optional(),
  /** Only for tests: the origin the Twilio SDK calls instead of api.twilio.com (a local stub). */
  TWILIO_API_BASE: z.string().url().optional(),
  /**
   * Production refuses to start while a site would take money through the sandbox, whose pages let anyone
   * "pay". A staging server says `staging` here on purpose, and is warned about it loudly at start.
   */
  ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: z.enum(['staging']).optional(),
  /**
   * Where Steam reviews are imported from (docs/product/community.md#steam-and-epic-reviews): `sandbox`
   * generates believable ones, `steam` reads Steam's public review feed. Epic reviews are always the sandbox's.
   */
  REVIEW_SOURCE: z.enum(['sandbox', 'steam']).default('sandbox'),
  /** Only for tests: the origin Steam's review feed is read from instead of the Steam store (a local fake). */
  STEAM_STORE_URL: z.string().url().optional(),
  /** Deprecated alias of ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=staging, accepted for one release. */
  PAYMENT_GATEWAY: z.enum(['sandbox']).optional(),
  /**
   * Where uploaded images are kept (platform/storage.ts, decisions/0014): `local` disk under STORAGE_DIR by
   * default, or an S3-compatible bucket. Uploads always pass through this server (sharp re-encodes them),
   * so the bucket never takes a browser's file unchecked.
   */
  STORAGE: z.enum(['local', 's3']).default('local'),
  /** Local storage's folder; default `<repository>/data/uploads`, or a temporary folder when PGLITE_DIR is memory://. */
  STORAGE_DIR: z.string().optional(),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'expected an S3 bucket name').optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** An S3-compatible service's endpoint (MinIO, OSS, R2…); unset: AWS. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style addressing (`endpoint/bucket/key`), which most S3-compatible services want. */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** Where the bucket's objects are public (a CDN); unset: this server streams them from the bucket at /uploads/…. */
  S3_PUBLIC_URL: z.string().url().optional(),
  /** Images one account may upload per hour. */
  /**
   * Linked accounts (decisions/0024): Steam sign-in and data need the store's Steam Web API key; WeChat and Weibo
   * their app id and secret. A provider without keys is the sandbox outside production, and unavailable in
   * production unless ALLOW_SANDBOX_LINKED_ACCOUNTS_IN_PRODUCTION=staging (a staging server, where the sandbox
   * lets anyone claim any Steam, WeChat or Weibo account).
   */
  STEAM_WEB_API_KEY: z.string().regex(/^[0-9A-F]{32}$/i, 'expected the 32-character Steam Web API key').optional(),
  WECHAT_APP_ID: z.string().regex(/^wx[0-9a-f]{16}$/i, 'expected a WeChat app id (wx…)').optional(),
  WECHAT_APP_SECRET: z.string().min(16).optional(),
  WEIBO_APP_KEY: z.string().regex(/^\d+$/, 'expected the numeric Weibo app key').optional(),
  WEIBO_APP_SECRET: z.string().min(16).optional(),
  ALLOW_SANDBOX_LINKED_ACCOUNTS_IN_PRODUCTION: z.enum(['staging']).optional(),
  UPLOADS_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().min(1).default(UPLOADS_PER_ACCOUNT_PER_HOUR),
});

export type Env = z.infer<typeof schema>;

export interface Config extends Env {
  appSecret: string;
  siteUrls: { native: string; abroad: string };
  hostMap: Map<string, 'native' | 'abroad'>;
  /** The development surface (/__dev) and the API explorer (/api/docs): never in production. */
  devSurface: boolean;
  payments: PaymentSettings;
  /** Cookies marked Secure and named with the `__Host-`/`__Secure-` prefix (production). */
  secureCookies: boolean;
  /** Addresses and CIDR ranges of the proxies in front of the server; empty when clients connect directly. */
  trustedProxies: string[];
  formActionOrigins: string[];
  seedDemo: boolean;
  storage: StorageSettings;
  linkedAccounts: LinkedAccountSettings;
  sms: SmsSettings;
}

/** The real SMS providers configured; a side without one is the sandbox. */
export interface SmsSettings {
  alibaba: AlibabaSmsSettings | null;
  twilio: TwilioSmsSettings | null;
}

function smsSettings(e: Env): SmsSettings {
  if (e.NODE_ENV === 'production') {
    // The stubs' addresses are for tests: in production they would send the real keys and codes elsewhere.
    for (const name of ['ALIBABA_SMS_ENDPOINT', 'TWILIO_API_BASE'] as const) {
      if (e[name]) throw new Error(`Invalid configuration:\n  ${name}: for tests only, not in production`);
    }
  }
  const alibaba = allOrNone(e, ['ALIBABA_SMS_ACCESS_KEY_ID', 'ALIBABA_SMS_ACCESS_KEY_SECRET', 'ALIBABA_SMS_SIGN_NAME', 'ALIBABA_SMS_TEMPLATE_CODE'])
    ? {
      accessKeyId: e.ALIBABA_SMS_ACCESS_KEY_ID!, accessKeySecret: e.ALIBABA_SMS_ACCESS_KEY_SECRET!, signName: e.ALIBABA_SMS_SIGN_NAME!,
      templateCode: e.ALIBABA_SMS_TEMPLATE_CODE!, templateParam: e.ALIBABA_SMS_TEMPLATE_PARAM, endpoint: e.ALIBABA_SMS_ENDPOINT,
    }
    : null;
  const twilio = allOrNone(e, ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'])
    ? { accountSid: e.TWILIO_ACCOUNT_SID!, authToken: e.TWILIO_AUTH_TOKEN!, from: e.TWILIO_FROM!, apiBase: e.TWILIO_API_BASE }
    : null;
  return { alibaba, twilio };
}

/** Keys of the linked-account providers, and whether a provider without keys may be the sandbox. */
export interface LinkedAccountSettings {
  steamWebApiKey: string | null;
  wechat: { appId: string; secret: string } | null;
  weibo: { appKey: string; secret: string } | null;
  sandbox: boolean;
}

function linkedAccountSettings(e: Env): LinkedAccountSettings {
  return {
    steamWebApiKey: e.STEAM_WEB_API_KEY ?? null,
    wechat: allOrNone(e, ['WECHAT_APP_ID', 'WECHAT_APP_SECRET']) ? { appId: e.WECHAT_APP_ID!, secret: e.WECHAT_APP_SECRET! } : null,
    weibo: allOrNone(e, ['WEIBO_APP_KEY', 'WEIBO_APP_SECRET']) ? { appKey: e.WEIBO_APP_KEY!, secret: e.WEIBO_APP_SECRET! } : null,
    // Fail closed: in production the sandbox would let anyone claim any Steam or WeChat account.
    sandbox: e.NODE_ENV !== 'production' || e.ALLOW_SANDBOX_LINKED_ACCOUNTS_IN_PRODUCTION === 'staging',
  };
}

/** Where uploaded images are kept (platform/storage.ts). */
export type StorageSettings =
  /** `temporary`: a folder made for this process's in-memory database, removed when it closes. */
  | { kind: 'local'; dir: string; temporary: boolean }
  | { kind: 's3'; bucket: string; region: string; endpoint?: string; credentials?: { accessKeyId: string; secretAccessKey: string }; forcePathStyle: boolean; publicUrl?: string };

/**
 * The payment providers configured for real, and the sandbox: `allowed` outside production, `staging` on a
 * production server that asked for it, `off` otherwise (methods without a real provider are unavailable).
 */
export interface PaymentSettings {
  stripe: StripeSettings | null;
  alipay: AlipaySettings | null;
  sandbox: 'allowed' | 'staging' | 'off';
}

/** A provider is configured by all of its settings or none: half a configuration is a mistake, said at start. */
function allOrNone(e: Env, names: readonly (keyof Env)[]): boolean {
  const set = names.filter((n) => e[n] !== undefined);
  if (set.length === 0) return false;
  if (set.length < names.length) {
    const missing = names.filter((n) => e[n] === undefined);
    throw new Error(`Invalid configuration:\n  ${missing.join(', ')}: required with ${set.join(', ')}`);
  }
  return true;
}

function paymentSettings(e: Env): PaymentSettings {
  const stripe = allOrNone(e, ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'])
    ? { secretKey: e.STRIPE_SECRET_KEY!, webhookSecret: e.STRIPE_WEBHOOK_SECRET!, apiBase: e.STRIPE_API_BASE }
    : null;
  const alipay = allOrNone(e, ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'])
    ? { appId: e.ALIPAY_APP_ID!, privateKey: e.ALIPAY_PRIVATE_KEY!, alipayPublicKey: e.ALIPAY_PUBLIC_KEY!, gateway: e.ALIPAY_GATEWAY }
    : null;
  if (e.NODE_ENV !== 'production') return { stripe, alipay, sandbox: 'allowed' };
  // The stubs' addresses are for tests: on a production server, staging included, they would send the real
  // keys' money calls somewhere else.
  for (const name of ['STRIPE_API_BASE', 'ALIPAY_GATEWAY'] as const) {
    if (e[name]) throw new Error(`Invalid configuration:\n  ${name}: for tests only, not in production`);
  }
  if (e.ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION === 'staging' || e.PAYMENT_GATEWAY === 'sandbox') return { stripe, alipay, sandbox: 'staging' };
  // Fail closed: a production site without its real provider would hand out keys for sandbox "payments".
  const missing = [
    ...(alipay ? [] : ['mainland site: ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY']),
    ...(stripe ? [] : ['international site: STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET']),
  ];
  if (missing.length > 0) {
    throw new Error(`Invalid configuration:\n  payments: production needs a real payment provider for the ${missing.join('; the ')}`
      + ' (or ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=staging on a staging server, where the sandbox takes no real money)');
  }
  return { stripe, alipay, sandbox: 'off' };
}

/** `<repository>/data/uploads`, beside the embedded database. */
const DEFAULT_STORAGE_DIR = fileURLToPath(new URL('../../../data/uploads', import.meta.url));

function storageSettings(e: Env): StorageSettings {
  if (e.STORAGE === 'local') {
    // An in-memory database keeps nothing: its uploads go to a temporary folder of this process, not beside real data.
    if (e.STORAGE_DIR) return { kind: 'local', dir: e.STORAGE_DIR, temporary: false };
    if (e.PGLITE_DIR.startsWith('memory://') && !e.DATABASE_URL) {
      return { kind: 'local', dir: join(tmpdir(), `lantern-uploads-${process.pid}-${randomBytes(4).toString('hex')}`), temporary: true };
    }
    return { kind: 'local', dir: DEFAULT_STORAGE_DIR, temporary: false };
  }
  if (!e.S3_BUCKET) throw new Error('Invalid configuration:\n  S3_BUCKET: required with STORAGE=s3');
  const keys = allOrNone(e, ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']);
  if (e.NODE_ENV === 'production') {
    // Production talks to the bucket and links to its objects over TLS only.
    for (const name of ['S3_ENDPOINT', 'S3_PUBLIC_URL'] as const) {
      if (e[name] && !e[name].startsWith('https://')) throw new Error(`Invalid configuration:\n  ${name}: must be https in production`);
    }
  }
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    // Without keys the SDK's own chain is used (instance role, environment, shared files).
    credentials: keys ? { accessKeyId: e.S3_ACCESS_KEY_ID!, secretAccessKey: e.S3_SECRET_ACCESS_KEY! } : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
  };
}

const DEV_SECRET = 'lantern-development-secret-not-for-production-use';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in a shell `FOO= cmd`.
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.APP_SECRET) {
    throw new Error('Invalid configuration:\n  APP_SECRET: required in production (32+ characters)');
  }
  const payments = paymentSettings(e);
  const storage = storageSettings(e);
  const trustedProxies = parseTrustedProxies(e.TRUSTED_PROXIES);
  const formActionOrigins = splitList(e.FORM_ACTION_ORIGINS);
  for (const origin of formActionOrigins) {
    if (!/^https:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(origin)) {
      throw new Error(`Invalid configuration:\n  FORM_ACTION_ORIGINS: "${origin}" is not an https origin`);
    }
  }
  const hostMap = new Map<string, 'native' | 'abroad'>();
  for (const pair of e.SITE_HOSTS.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [host, area] = pair.split('=');
    if (!host || (area !== 'native' && area !== 'abroad')) {
      throw new Error(`Invalid configuration:\n  SITE_HOSTS: "${pair}" is not host=native|abroad`);
    }
    hostMap.set(host.toLowerCase(), area);
  }
  return {
    ...e,
    appSecret: e.APP_SECRET ?? DEV_SECRET,
    siteUrls: {
      native: e.SITE_URL_NATIVE ?? `http://localhost:${e.PORT_NATIVE}`,
      abroad: e.SITE_URL_ABROAD ?? `http://localhost:${e.PORT_ABROAD}`,
    },
    hostMap,
    devSurface: e.NODE_ENV !== 'production',
    payments,
    secureCookies: e.NODE_ENV === 'production',
    trustedProxies,
    formActionOrigins,
    seedDemo: e.SEED_DEMO === 'always' || (e.SEED_DEMO === 'auto' && e.NODE_ENV !== 'production'),
    storage,
    linkedAccounts: linkedAccountSettings(e),
    sms: smsSettings(e),
  };
}

const splitList = (value: string) => value.split(',').map((s) => s.trim()).filter(Boolean);

/** "10.0.0.1, 10.1.0.0/16, ::1" → the list Fastify's trustProxy takes; anything else stops the start. */
function parseTrustedProxies(value: string): string[] {
  const list = splitList(value);
  for (const entry of list) {
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const maxBits = family === 4 ? 32 : 128;
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (!family || !bitsOk || extra !== undefined) {
      throw new Error(`Invalid configuration:\n  TRUSTED_PROXIES: "${entry}" is not an address or CIDR range`);
    }
  }
  return list;
}
