import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, HOSTS, type TestApp } from '../support/harness.ts';
import { checkReadiness, KV_FALLBACKS } from '../../src/platform/health.ts';
import { MemoryStore, type KeyValueStore } from '../../src/platform/kv.ts';
import type { Db } from '../../src/platform/db/client.ts';

/**
 * The probes a load balancer and an orchestrator ask (docs/ARCHITECTURE.md#health): JSON on both sites,
 * never the web app's page, never cached; `/readyz` 503 while the database is away.
 */
let t: TestApp;
let dist: string;
beforeAll(async () => {
  // A built web app is served, so an unknown path would answer its page: the probes must not.
  dist = mkdtempSync(join(tmpdir(), 'lantern-web-health-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('/healthz and /readyz', () => {
  for (const site of ['native', 'abroad'] as const) {
    it(`answer JSON on the ${site} site, not the store's page`, async () => {
      const health = await t.app.inject({ method: 'GET', url: '/healthz', headers: { host: HOSTS[site] } });
      expect(health.statusCode).toBe(200);
      expect(health.headers['content-type']).toMatch(/application\/json/);
      expect(health.headers['cache-control']).toBe('no-store');
      expect(health.json()).toEqual({ status: 'ok' });

      const ready = await t.app.inject({ method: 'GET', url: '/readyz', headers: { host: HOSTS[site] } });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', kv: 'ok' } });
    });
  }

  it('stay ready, within the deadline, when the shared store does not answer, and say what runs on its fallback', async () => {
    // The instance serves on its fallbacks (decision 0049): taking every instance out at once would be an outage.
    const silent: KeyValueStore = Object.assign(new MemoryStore(), { get: () => new Promise<string | null>(() => {}) });
    const started = Date.now();
    const readiness = await checkReadiness({ db: t.deps.db, sharedKv: silent, deadlineMs: 50 });
    expect(readiness).toEqual({ ready: true, checks: { database: 'ok', kv: 'unreachable' }, degraded: [...KV_FALLBACKS] });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('say not ready when the database refuses connections, and name which dependency is away', async () => {
    const refusing = { execute: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })) } as unknown as Db;
    expect(await checkReadiness({ db: refusing })).toEqual({ ready: false, checks: { database: 'unreachable', kv: 'ok' } });
  });
});
