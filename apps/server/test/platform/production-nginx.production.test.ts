import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATIONS_API, COOKIES, secureCookieName } from '@lantern/contract';
import type { TestApp } from '../support/harness.ts';
import { HOSTS } from '../support/hosts.ts';
import { parseSetCookie, plainRequest, ProxiedBrowser } from '../support/proxied-client.ts';
import type { SseClient } from '../support/live-support.ts';
import { createScratchDatabase } from '../../src/platform/db/scratch-database.ts';

/**
 * The production set-up of docs/operations.md#production-behind-nginx, brought up by its own script on a fresh
 * PostgreSQL database and Redis: two instances in production mode behind nginx (Debian's package), both sites on
 * one HTTPS port by host name. Everything a browser does here goes through nginx only: two members sign in, one
 * buys a game from the wallet, and a private message sent through one instance reaches the other member's live
 * stream held on the other instance, pushed through nginx as it happens. The instances are told apart by nginx's
 * access log (its request id is the app's) and by each instance's own metrics port.
 *
 * Production has no development surface: the members, the game, its keys and the wallet's top-up are written
 * with the test factories on the same database (as staff and a payment would), and the members sign in with
 * their password through nginx. Runs in its own CI step (`npm run test:production -w @lantern/server`), after
 * the PostgreSQL and Redis tier.
 */
const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../..', import.meta.url));
const SCRIPT = join(root, 'ops/production/up.mjs');
const SECRET = 'the-nginx-drill-secret-of-32-characters!';
const PASSWORD = 'Nginx-Drill-2026';
const BASE = Number(process.env.NGINX_TEST_PORT_BASE ?? 3350);
const PORTS = { https: BASE, http: BASE + 1, instances: BASE + 2, metrics: BASE + 6 } as const;
/**
 * The factories load the whole server's modules: loaded while the instances start (the slowest part of the
 * file) rather than before, so the two overlap.
 */
async function loadTools() {
  const [harness, catalog, keys, payments, tables, passwords] = await Promise.all([
    import('../support/harness.ts'), import('../support/catalog-factories.ts'), import('../support/keys-factories.ts'), import('../support/payments-factories.ts'),
    import('../../src/modules/accounts/tables.ts'), import('../../src/modules/accounts/passwords.ts'),
  ]);
  return { ...harness, ...catalog, ...keys, ...payments, ...tables, ...passwords };
}
let f: Awaited<ReturnType<typeof loadTools>>;

/** The real client's address: another loopback address than nginx's own (127.0.0.1, the one trusted proxy). */
const CLIENT_ADDRESS = '127.0.0.2';

let runDir: string;
let database: Awaited<ReturnType<typeof createScratchDatabase>>;
let tools: TestApp | undefined;
let redisPrefix: string;
let ca: Buffer;
let up = false;
const streams: SseClient[] = [];

const scriptEnv = () => ({
  ...process.env,
  NODE_ENV: 'production',
  LANTERN_RUN_DIR: runDir,
  DATABASE_URL: database.url,
  REDIS_URL: process.env.REDIS_URL!,
  REDIS_PREFIX: redisPrefix,
  APP_SECRET: SECRET,
  // A staging server's payments (no real provider here); the game is bought from the wallet, which is real in production.
  ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'staging',
  INSTANCES: '2',
  INSTANCE_PORT_BASE: String(PORTS.instances),
  METRICS_PORT_BASE: String(PORTS.metrics),
  PROXY_HTTPS_PORT: String(PORTS.https),
  PROXY_HTTP_PORT: String(PORTS.http),
  PROXY_LISTEN: '127.0.0.1',
  SITE_HOST_NATIVE: HOSTS.native,
  SITE_HOST_ABROAD: HOSTS.abroad,
  WEB_DIST: join(runDir, 'web'),
  LOG_LEVEL: 'info',
});

/** A built web app of two files: the page and a hashed asset (with its .gz, as the build leaves it). */
function writeWebApp(dir: string) {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="en"><head><title>Lantern</title><!--lantern-site--></head><body><div id="root"><!--lantern-first-screen--></div></body></html>');
  writeFileSync(join(dir, 'assets/app-3f2a1c.js'), `console.log(${JSON.stringify('x'.repeat(2000))});\n`);
}

interface AccessLine { request_id: string; remote_addr: string; host: string; request: string; status: number; upstream: string }

/** nginx's access log, one JSON object a line. */
function accessLog(): AccessLine[] {
  const path = join(runDir, 'logs/nginx-access.log');
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as AccessLine);
}

/** The access line that `matches`, once nginx has written it (as its request completes, after the answer). */
async function accessLine(matches: (line: AccessLine) => boolean): Promise<AccessLine> {
  for (let tries = 0; ; tries++) {
    const line = accessLog().find(matches);
    if (line) return line;
    if (tries > 200) throw new Error('no such access log line');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
const accessLineOf = (requestId: string) => accessLine((l) => l.request_id === requestId);

/** Which instance (0 or 1) an upstream address names: the site ports of instance i are base+2i and base+2i+1. */
const instanceOf = (upstream: string) => Math.floor((Number(upstream.split(':')[1]) - PORTS.instances) / 2);

/** Open live streams on an instance, as its metrics port says. */
async function openStreamsOn(instance: number): Promise<number> {
  const text = (await plainRequest(PORTS.metrics + instance, '/metrics')).body;
  return Number(text.match(/^lantern_live_streams_open(?:\{[^}]*\})? (\d+)/m)?.[1] ?? 'NaN');
}

/** An instance's log lines (pino's JSON; the start banner's plain lines are skipped). */
function instanceLog(instance: number): Array<Record<string, unknown>> {
  return readFileSync(join(runDir, 'logs', `instance-${instance + 1}.log`), 'utf8').split('\n')
    .filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The client address an instance logged for a request, by its id (Fastify's "incoming request" line). */
async function addressLoggedFor(requestId: string): Promise<string | undefined> {
  for (let tries = 0; tries < 200; tries++) {
    for (const instance of [0, 1]) {
      const line = instanceLog(instance).find((l) => l.reqId === requestId && l.msg === 'incoming request');
      if (line) return (line.req as { remoteAddress?: string }).remoteAddress;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return undefined;
}

/** A member of the international site with a password, signed in through nginx as the web signs in. */
async function signedInMember(nickname: string) {
  const account = await f.makeAccount(tools!, { area: 'abroad' });
  await tools!.deps.db.update(f.accounts).set({ nickname, passwordHash: await f.hashPassword(PASSWORD) }).where(eq(f.accounts.id, account.id));
  const [row] = await tools!.deps.db.select({ email: f.accounts.email }).from(f.accounts).where(eq(f.accounts.id, account.id));
  const browser = new ProxiedBrowser({ port: PORTS.https, host: HOSTS.abroad, ca, localAddress: CLIENT_ADDRESS });
  const page = await browser.get('/');
  expect(page.status).toBe(200);
  const signIn = await browser.post('/api/access_token?client=web', { access_token: { login: row!.email, password: PASSWORD } });
  expect(signIn.status, signIn.body).toBe(201);
  return { id: account.id, browser, signIn };
}

beforeAll(async () => {
  expect(process.env.DATABASE_URL && process.env.REDIS_URL, 'this test needs DATABASE_URL and REDIS_URL').toBeTruthy();
  runDir = mkdtempSync(join(tmpdir(), 'lantern-nginx-'));
  writeWebApp(join(runDir, 'web'));
  database = await createScratchDatabase(process.env.DATABASE_URL!, 'lantern_nginx');
  redisPrefix = `lantern-nginx-${randomBytes(4).toString('hex')}:`;
  up = true;
  const started = Date.now();
  [, f] = await Promise.all([run(process.execPath, [SCRIPT, 'up'], { env: scriptEnv(), cwd: root }), loadTools()]);
  console.log(`up (two instances and nginx) with the factories loaded beside it: ${Date.now() - started} ms`);
  ca = readFileSync(join(runDir, 'tls/self-signed.crt'));
  // The factories' own view of the same database and secret (sealed by the instances' first start).
  tools = await f.createTestApp({ databaseUrl: database.url, env: { APP_SECRET: SECRET } });
}, 120_000);

afterAll(async () => {
  for (const stream of streams) stream.close();
  await tools?.close();
  if (up) await run(process.execPath, [SCRIPT, 'down'], { env: scriptEnv(), cwd: root });
  await database?.drop();
  const redis = new Redis(process.env.REDIS_URL!);
  const keys = await redis.keys(`${redisPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  rmSync(runDir, { recursive: true, force: true });
}, 60_000);

describe('production behind nginx: two instances, PostgreSQL, Redis', () => {
  it('buys a game, and a private message sent through one instance reaches the live stream held on the other, at once', async () => {
    const buyer = await signedInMember(`nginx_buyer_${randomBytes(3).toString('hex')}`);
    const friend = await signedInMember(`nginx_friend_${randomBytes(3).toString('hex')}`);

    // A game with keys, and a wallet topped up: bought in one click from the wallet, its key delivered.
    const game = await f.makeSku(tools!, { area: 'abroad', listPrice: 1_999 });
    await f.stockKeys(tools!, game.id, f.steamCodes(2, 'NGINX'));
    await f.fundWallet(tools!, buyer.id, 'USD', 5_000);
    const placed = await buyer.browser.post('/api/orders', { order: { sku_ids: [game.id], cate: 'game', type: 'one_click' } });
    expect(placed.status, placed.body).toBe(201);
    const order = placed.json<{ id: number; version: number }>();
    const paid = await buyer.browser.patch(`/api/orders/${order.id}/pay`, { payment_method: 'wallet', version: order.version });
    expect(paid.status, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'complete' });
    expect(await f.walletBalance(tools!, buyer.id, 'USD')).toBe(5_000 - 1_999);

    // The friend's tab holds its live stream: through nginx, unbuffered, on one of the two instances.
    const stream = await friend.browser.live();
    streams.push(stream);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers['content-encoding']).toBeUndefined();
    await stream.until(() => stream.events.some((e) => e.event === 'ready'));
    const streamsOpen = [await openStreamsOn(0), await openStreamsOn(1)];
    expect([...streamsOpen].sort()).toEqual([0, 1]);
    const holder = streamsOpen.indexOf(1);

    // Messages until one is sent through the other instance (round robin alternates: the first or the second).
    let crossed: { at: number; conversationId: number } | undefined;
    for (let n = 1; n <= 4 && !crossed; n++) {
      const before = stream.events.filter((e) => e.event === 'private_message').length;
      const sent = await buyer.browser.post(CONVERSATIONS_API.privateMessages, { target_id: friend.id, private_message: { content: `through nginx, message ${n}` } });
      const answeredAt = Date.now();
      expect(sent.status, sent.body).toBe(201);
      const requestId = String(sent.headers['x-request-id']);
      const sender = instanceOf((await accessLineOf(requestId)).upstream);
      await stream.until(() => stream.events.filter((e) => e.event === 'private_message').length > before);
      // Pushed as it happened: a buffering proxy would hold the event back until its buffer filled or the stream ended.
      const latency = Date.now() - answeredAt;
      expect(stream.ended).toBe(false);
      if (sender !== holder) crossed = { at: latency, conversationId: sent.json<{ conversation_id: number }>().conversation_id };
    }
    expect(crossed, 'no message was sent through the instance that does not hold the stream').toBeDefined();
    expect(crossed!.at).toBeLessThan(1_000);
    expect(stream.events.filter((e) => e.event === 'private_message').at(-1)?.data).toMatchObject({
      action: 'sent', conversation_id: crossed!.conversationId, badges: { private_messages: expect.any(Number) },
    });

    // Both instances served this member's requests, as nginx's access log names them.
    const served = new Set(accessLog().filter((l) => l.host === HOSTS.abroad && l.upstream).map((l) => instanceOf(l.upstream)));
    expect([...served].sort()).toEqual([0, 1]);
  });

  it('sets only Secure, prefixed cookies over HTTPS, and HTTP only redirects to HTTPS', async () => {
    const member = await signedInMember(`nginx_cookies_${randomBytes(3).toString('hex')}`);
    const set = (member.signIn.headers['set-cookie'] ?? []).map(parseSetCookie);
    const names = set.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining([
      secureCookieName(COOKIES.access('abroad'), '/'),
      secureCookieName(COOKIES.refresh('abroad'), '/api/access_token'),
    ]));
    for (const cookie of set) {
      expect(cookie.attributes.has('secure'), cookie.name).toBe(true);
      expect(cookie.name, cookie.name).toMatch(/^__(Host|Secure)-/);
    }
    expect(member.signIn.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    const me = await member.browser.get('/api/me');
    expect(me.status, me.body).toBe(200);
    expect(me.json<{ id: number }>().id).toBe(member.id);

    const clear = await plainRequest(PORTS.http, '/api/me?x=1', { host: HOSTS.native });
    expect(clear.status).toBe(301);
    expect(clear.headers.location).toBe(`https://${HOSTS.native}:${PORTS.https}/api/me?x=1`);
  });

  it('tells the app the real client address, whatever the client claims, and names requests by nginx\'s id', async () => {
    const browser = new ProxiedBrowser({ port: PORTS.https, host: HOSTS.native, ca, localAddress: CLIENT_ADDRESS });
    const proxied = await browser.get('/healthz', { 'x-forwarded-for': '203.0.113.9', 'x-request-id': 'chosen-by-the-client' });
    expect(proxied.status).toBe(200);
    const id = String(proxied.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(await addressLoggedFor(id)).toBe(CLIENT_ADDRESS);
    expect((await accessLineOf(id)).remote_addr).toBe(CLIENT_ADDRESS);

    // Straight to an instance, the same claim is not believed: only nginx (127.0.0.1) is a trusted proxy.
    const direct = await plainRequest(PORTS.instances, '/healthz', { host: HOSTS.native, 'x-forwarded-for': '203.0.113.9', 'x-request-id': 'chosen-by-the-client' }, CLIENT_ADDRESS);
    expect(direct.status).toBe(200);
    expect(direct.headers['x-request-id']).not.toBe('chosen-by-the-client');
    expect(await addressLoggedFor(String(direct.headers['x-request-id']))).toBe(CLIENT_ADDRESS);
  });

  it('keeps metrics and readiness off the public sites, passes built assets with their long cache, and refuses oversized bodies', async () => {
    const browser = new ProxiedBrowser({ port: PORTS.https, host: HOSTS.native, ca });
    for (const path of ['/metrics', '/readyz']) {
      const answer = await browser.get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body).not.toMatch(/lantern_|"checks"/);
    }
    expect((await plainRequest(PORTS.metrics, '/metrics')).body).toMatch(/^lantern_http_request_duration_seconds/m);
    expect((await plainRequest(PORTS.instances, '/readyz', { host: HOSTS.native })).status).toBe(200);

    const asset = await browser.get('/assets/app-3f2a1c.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);

    const tooLarge = await browser.request('POST', '/api/feedbacks', undefined, { 'content-type': 'application/json', 'content-length': String(6 * 1024 * 1024) });
    expect(tooLarge.status).toBe(413);
    // Refused by nginx itself: no instance was asked.
    expect(await accessLine((l) => l.request.startsWith('POST /api/feedbacks'))).toMatchObject({ status: 413, upstream: '' });
  });

  it('answers no host that is neither site', async () => {
    const stranger = new ProxiedBrowser({ port: PORTS.https, host: 'elsewhere.example', ca });
    await expect(stranger.get('/healthz')).rejects.toThrow();
    await expect(plainRequest(PORTS.http, '/', { host: 'elsewhere.example' })).rejects.toThrow();
  });
});
