import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { keysForSale } from '../support/keys-factories.ts';
import { fundWallet } from '../support/payments-factories.ts';
import { listen, SseClient } from '../support/live-support.ts';
import { startMetricsServer } from '../../src/platform/metrics-server.ts';
import { sql } from 'drizzle-orm';
import { outboxMessages, scheduledJobs } from '../../src/platform/db/platform-tables.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * Prometheus metrics (docs/decisions/0051-metrics-and-operations.md): the private listener and the staff path
 * carry every series the operators asked for, with route templates for labels, and nobody else reads them.
 */
const { t, api } = useTestApp();
let metricsServer: Server;
let metricsUrl: string;
beforeAll(async () => {
  // Port 0: the system picks one, as METRICS_PORT would name one.
  metricsServer = await startMetricsServer(t.deps.metrics, { port: 0, host: '127.0.0.1', log: t.deps.log });
  metricsUrl = `http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  metricsServer?.close();
});

const scrape = async () => {
  const res = await fetch(`${metricsUrl}/metrics`);
  expect(res.status).toBe(200);
  return res.text();
};

/** The value of one series (name and exact label set as exposed), or undefined when it is absent. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('the private metrics listener', () => {
  it('is bound to the loopback address and answers /metrics only', async () => {
    expect((metricsServer.address() as AddressInfo).address).toBe('127.0.0.1');
    const res = await fetch(`${metricsUrl}/metrics`);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect((await fetch(`${metricsUrl}/`)).status).toBe(404);
    expect((await fetch(`${metricsUrl}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('carries every series the operators need', async () => {
    const text = await scrape();
    for (const name of [
      'lantern_http_request_duration_seconds', 'lantern_db_pool_connections_in_use', 'lantern_db_pool_waiting_requests',
      'nodejs_eventloop_lag_seconds', 'lantern_outbox_pending_messages', 'lantern_outbox_oldest_pending_age_seconds',
      'lantern_job_lag_seconds', 'lantern_live_streams_open', 'lantern_flash_gate_admissions_total', 'lantern_flash_gate_refusals_total',
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
  });
});

describe('request durations', () => {
  it('are labelled by route template and status, never by the raw path', async () => {
    expect((await api.native.get('/api/skus/987654321')).statusCode).toBe(404);
    const text = await scrape();
    expect(valueOf(text, 'lantern_http_request_duration_seconds_count{method="GET",route="/api/skus/:id",status_code="404"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('987654321');
  });
});

describe('the outbox and the periodic jobs', () => {
  it('say how many messages wait and for how long, and how late each due job is', async () => {
    const before = valueOf(await scrape(), 'lantern_outbox_pending_messages') ?? 0;
    // Written 90 s ago (the database stamps `created_at`), and not delivered since.
    await t.deps.db.insert(outboxMessages).values({ channel: 'email', recipient: 'waiting@example.com', subject: 'Hello', body: '', createdAt: sql`now() - interval '90 seconds'` });
    await t.deps.db.insert(scheduledJobs).values({ name: 'metrics-test-job', nextRunAt: new Date(t.clock.now().getTime() - 30_000) });
    t.clock.advance(90);

    const text = await scrape();
    expect(valueOf(text, 'lantern_outbox_pending_messages')).toBe(before + 1);
    expect(valueOf(text, 'lantern_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(90);
    expect(valueOf(text, 'lantern_job_lag_seconds{job="metrics-test-job"}')).toBe(120);
  });
});

describe('flash sales and live streams', () => {
  it('count the buyers the gate admitted', async () => {
    const admin = await makeAccount(t, { role: 'admin' });
    const sku = await makeSku(t, { area: 'native' });
    await keysForSale(t, sku.id, 2);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const event = (await api.native.post('/api/admin/sec_kills', {
      sec_kill: { area: 'native', title: { chs: '限时', en: 'Flash' }, from_timestamp: now - 60, to_timestamp: now + 3600, items: [{ sku_id: sku.id, price: 990, stock: 2, buy_limit: 1 }] },
    }, { token: admin.token })).json() as { id: number };
    const before = valueOf(await scrape(), 'lantern_flash_gate_admissions_total') ?? 0;
    const buyer = await makeAccount(t);
    await fundWallet(t, buyer.id, 'CNY', 100_000);
    const bought = await api.native.post('/api/sec_kill', { sec_kill: { id: event.id } }, { token: buyer.token });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(valueOf(await scrape(), 'lantern_flash_gate_admissions_total')).toBe(before + 1);
  });

  it('count the live streams open on this instance', async () => {
    const port = await listen(t);
    const account = await makeAccount(t);
    const stream = await SseClient.open(port, { token: account.token });
    try {
      expect(stream.status).toBe(200);
      expect(valueOf(await scrape(), 'lantern_live_streams_open')).toBe(1);
    } finally {
      stream.close();
    }
  });
});

describe('the staff path', () => {
  it('is for staff only', async () => {
    expect((await api.native.get('/api/admin/metrics')).statusCode).toBe(401);
    const user = await makeAccount(t);
    expect((await api.native.get('/api/admin/metrics', { token: user.token })).statusCode).toBe(403);
    for (const site of ['native', 'abroad'] as const) {
      // A session belongs to one site: each site's staff reads its own.
      const staff = await makeAccount(t, { role: 'staff', area: site });
      const res = await api[site].get('/api/admin/metrics', { token: staff.token });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('# TYPE lantern_http_request_duration_seconds histogram');
    }
  });
});
