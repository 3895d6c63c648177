import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** `<repository>/data/pglite`, wherever the process was started from. */
const DEFAULT_PGLITE_DIR = fileURLToPath(new URL('../../../data/pglite', import.meta.url));

/**
 * Configuration, parsed once at start-up from the environment. A bad value stops the process with a
 * message naming the variable, instead of surfacing later as a strange runtime failure.
 */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: z.string().url().optional(),
  /** Folder of the embedded PGlite database, used when DATABASE_URL is not set. `memory://` keeps it in memory. */
  PGLITE_DIR: z.string().default(DEFAULT_PGLITE_DIR),
  /** PostgreSQL only: longest a statement may run before the server cancels it (0: no limit). Migrations are exempt. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  /** PostgreSQL only: longest a session may sit idle inside a transaction before the server ends it (0: no limit). */
  DB_IDLE_TX_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  REDIS_URL: z.string().url().optional(),
  PORT_NATIVE: z.coerce.number().int().min(1).max(65535).default(3000),
  PORT_ABROAD: z.coerce.number().int().min(1).max(65535).default(3001),
  HOST: z.string().default('0.0.0.0'),
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
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  /** How long shared catalogue reads (home, searches, a SKU page for guests) are served from memory; 0 turns it off. */
  CATALOG_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  /** Verification codes one address may request per hour, and how many before a captcha is asked. */
  CODE_SENDS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(30),
  CODE_SENDS_PER_IP_BEFORE_CAPTCHA: z.coerce.number().int().min(0).default(10),
  /** Address ranges and their countries for the purchase block (docs/product/buying.md#purchase-blocked), "cidr=cc,…"; see platform/geoip.ts. */
  GEOIP_RANGES: z.string().default(''),
  /**
   * Which payment gateway takes the money. Only the sandbox (docs/product/README.md#api-conventions: outside parties) exists so far; it is the default in
   * development and test, and production must name it on purpose, since its pages let anyone "pay".
   */
  PAYMENT_GATEWAY: z.enum(['sandbox']).optional(),
});

export type Env = z.infer<typeof schema>;

export interface Config extends Env {
  appSecret: string;
  siteUrls: { native: string; abroad: string };
  hostMap: Map<string, 'native' | 'abroad'>;
  devSurface: boolean;
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
  if (e.NODE_ENV === 'production' && !e.PAYMENT_GATEWAY) {
    throw new Error('Invalid configuration:\n  PAYMENT_GATEWAY: required in production (only "sandbox" exists; it takes no real money)');
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
  };
}
