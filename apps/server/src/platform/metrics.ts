import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { and, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Clock } from './clock.ts';
import { poolUsage, type Db } from './db/client.ts';
import { outboxMessages, scheduledJobs } from './db/platform-tables.ts';

/** Request durations in seconds: from a cached read (a few ms) to a slow checkout under load. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type FlashGateVerdict = 'admitted' | 'no_inventory' | 'exceed_limit';

/**
 * The instance's Prometheus metrics (docs/decisions/0051-metrics-and-operations.md): one registry per composed
 * application, so two instances in one test process never share a counter. Names follow Prometheus's guide:
 * base units (seconds), `_total` on counters, and route templates (`/api/orders/:id`), never raw paths, so the
 * number of series stays bounded whatever clients ask for.
 *
 * Figures kept in the database (outbox, job lag) are read at each scrape, one query each, so they are as
 * fresh as the scrape and cost nothing between scrapes.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  private readonly flashGateAdmissions: Counter;
  private readonly flashGateRefusals: Counter<'reason'>;
  /** Each live hub of this instance counts its open streams (modules/live); the gauge adds them up. */
  private readonly liveStreamCounters = new Set<() => number>();

  constructor(private readonly sources: { db: Db; clock: Clock; log: Logger }) {
    const registers = [this.registry];
    // Process figures, among them the event loop's lag (nodejs_eventloop_lag_seconds and its percentiles).
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'lantern_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by method, route template and status code.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.flashGateAdmissions = new Counter({
      name: 'lantern_flash_gate_admissions_total',
      help: 'Flash-sale buyers the gate let through to checkout.',
      registers,
    });
    this.flashGateRefusals = new Counter({
      name: 'lantern_flash_gate_refusals_total',
      help: 'Flash-sale buyers the gate answered itself, without SQL, by reason.',
      labelNames: ['reason'],
      registers,
    });
    const counters = this.liveStreamCounters;
    new Gauge({
      name: 'lantern_live_streams_open',
      help: 'Live (Server-Sent Events) streams open on this instance.',
      registers,
      collect() {
        this.set([...counters].reduce((sum, count) => sum + count(), 0));
      },
    });
    this.registerPoolGauges(registers);
    this.registerOutboxGauges(registers);
    this.registerJobLag(registers);
  }

  /** What the flash-sale gate decided for one buyer (modules/promotions). */
  flashGate(verdict: FlashGateVerdict): void {
    if (verdict === 'admitted') this.flashGateAdmissions.inc();
    else this.flashGateRefusals.inc({ reason: verdict });
  }

  /** A live hub's count of open streams; answers a function that stops counting it (the hub closed). */
  provideLiveStreams(count: () => number): () => void {
    this.liveStreamCounters.add(count);
    return () => void this.liveStreamCounters.delete(count);
  }

  /** The text exposition Prometheus scrapes. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  private registerPoolGauges(registers: Registry[]) {
    const { db } = this.sources;
    // PGlite has one connection and no pool: both read 0 there.
    new Gauge({
      name: 'lantern_db_pool_connections_in_use',
      help: 'PostgreSQL pool connections handed out (statements, transactions, held checkout lanes).',
      registers,
      collect() {
        this.set(poolUsage(db)?.inUse ?? 0);
      },
    });
    new Gauge({
      name: 'lantern_db_pool_waiting_requests',
      help: 'Requests for a PostgreSQL connection waiting because the pool is exhausted.',
      registers,
      collect() {
        this.set(poolUsage(db)?.waiting ?? 0);
      },
    });
  }

  private registerOutboxGauges(registers: Registry[]) {
    // Both gauges are collected side by side in one scrape: they share one query.
    const read = shareWhileRunning(() => this.guarded('outbox', async () => {
      const [row] = await this.sources.db
        .select({
          pending: sql<number>`count(*)::int`,
          // `created_at` is the database's time (its default): the age is taken on the same clock.
          oldestAgeSeconds: sql<number>`coalesce(extract(epoch from now() - min(${outboxMessages.createdAt})), 0)::float8`,
        })
        .from(outboxMessages)
        .where(and(isNull(outboxMessages.deliveredAt), isNull(outboxMessages.failedAt)));
      return { pending: Number(row?.pending ?? 0), oldestAgeSeconds: Math.max(0, Number(row?.oldestAgeSeconds ?? 0)) };
    }));
    new Gauge({
      name: 'lantern_outbox_pending_messages',
      help: 'E-mails and SMS written to the outbox and not yet delivered or given up.',
      registers,
      async collect() {
        const figures = await read();
        if (figures) this.set(figures.pending);
      },
    });
    new Gauge({
      name: 'lantern_outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest outbox message still to deliver (0 when none waits).',
      registers,
      async collect() {
        const figures = await read();
        if (figures) this.set(figures.oldestAgeSeconds);
      },
    });
  }

  private registerJobLag(registers: Registry[]) {
    const { db, clock } = this.sources;
    const readJobs = () => this.guarded('job lag', () => db.select({ name: scheduledJobs.name, nextRunAt: scheduledJobs.nextRunAt }).from(scheduledJobs));
    new Gauge({
      name: 'lantern_job_lag_seconds',
      help: 'How long each periodic job has been due without being started (0 when it is not due yet).',
      labelNames: ['job'],
      registers,
      async collect() {
        const rows = await readJobs();
        if (!rows) return;
        this.reset();
        const now = clock.now().getTime();
        for (const row of rows) this.set({ job: row.name }, Math.max(0, (now - row.nextRunAt.getTime()) / 1000));
      },
    });
  }

  /** A failed read leaves its gauges as they were and is logged: a scrape never fails for one figure. */
  private async guarded<T>(what: string, read: () => Promise<T>): Promise<T | null> {
    try {
      return await read();
    } catch (err) {
      this.sources.log.warn({ err }, `metrics: could not read ${what}`);
      return null;
    }
  }
}

/** Calls made while one is running get its promise: two gauges of one scrape read the database once. */
function shareWhileRunning<T>(read: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | null = null;
  return () => (current ??= read().finally(() => {
    current = null;
  }));
}
