import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { HeldJob, capturedLog, eventually, startObservedJobs } from '../support/jobs-support.ts';
import { scheduledJobs } from '../../src/platform/db/platform-tables.ts';
import type { PeriodicJob } from '../../src/platform/jobs.ts';

// Two server instances on one database, as behind a load balancer; they share the clock, which the tests
// move instead of waiting for periods to pass.
let a: TestApp;
let b: TestApp;
const stops: (() => Promise<void>)[] = [];
const held: HeldJob[] = [];
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ sameDatabaseAs: a });
});
// Each test's runners stop with it, so the clock moved by the next test cannot make its jobs due again.
afterEach(async () => {
  for (const job of held.splice(0)) job.stopHolding();
  await Promise.all(stops.splice(0).map((stop) => stop()));
});
afterAll(async () => {
  await b.close();
  await a.close();
});

function heldJob(name: string, everyMs: number) {
  const job = new HeldJob(name, everyMs);
  held.push(job);
  return job;
}

function onBoth(jobs: readonly PeriodicJob[], leaseMs = 10 * 60_000) {
  const runners = [startObservedJobs(a.deps, jobs, { leaseMs }), startObservedJobs(b.deps, jobs, { leaseMs })];
  stops.push(...runners.map((r) => r.stop));
  return { afterTicks: (count: number) => Promise.all(runners.map((r) => r.afterTicks(count))) };
}

async function jobRow(name: string) {
  const [row] = await a.deps.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name));
  return row!;
}

describe('periodic jobs on two instances', () => {
  it('runs a job once per period across both instances, never two runs at once, and catches up once after an overrun', async () => {
    const job = heldJob('held report', 60_000);
    const both = onBoth([job]);
    await eventually(() => expect(job.started).toBe(1));

    // The run overruns three periods: neither instance starts another while it is in progress.
    a.clock.advance(180);
    await both.afterTicks(3);
    expect(job.started).toBe(1);

    // Finished late, it is due again: one catch-up run, not one per missed period.
    job.finishRuns();
    await eventually(() => expect(job.started).toBe(2));
    job.finishRuns();
    await eventually(() => expect(job.finished).toBe(2));
    await both.afterTicks(3);
    expect(job.started).toBe(2);

    // Then once per period again.
    a.clock.advance(60);
    await eventually(() => expect(job.started).toBe(3));
    job.finishRuns();
    await eventually(() => expect(job.finished).toBe(3));
    await both.afterTicks(3);
    expect(job.started).toBe(3);
    expect(job.mostActive).toBe(1);
    await eventually(async () => expect(await jobRow(job.name)).toMatchObject({ runs: 3, leaseOwner: null, leaseUntil: null, lastError: null }));
  });

  it('keeps a run longer than its lease by renewing it, so the other instance does not start it too', async () => {
    const job = heldJob('long import', 60_000);
    const runner = startObservedJobs(a.deps, [job], { leaseMs: 60_000 });
    stops.push(runner.stop);
    await eventually(() => expect(job.started).toBe(1));
    const { leaseUntil: firstLease } = await jobRow(job.name);

    a.clock.advance(40);
    await runner.afterTicks(2);
    const { leaseUntil: renewed } = await jobRow(job.name);
    expect(renewed!.getTime()).toBeGreaterThan(firstLease!.getTime());

    // Past the first lease, and past the period: the other instance still finds the job held.
    a.clock.advance(40);
    const other = startObservedJobs(b.deps, [job], { leaseMs: 60_000 });
    stops.push(other.stop);
    await other.afterTicks(3);
    expect(job.started).toBe(1);
    job.finishRuns();
    await eventually(() => expect(job.finished).toBe(1));
  });

  it('logs and records a failed run with the job name, and still runs the next period', async () => {
    const { log, lines } = capturedLog();
    let calls = 0;
    const job: PeriodicJob = {
      name: 'flaky sweep',
      everyMs: 30_000,
      async run() {
        calls++;
        if (calls === 1) throw new Error('gateway timed out');
      },
    };
    const runner = startObservedJobs({ ...a.deps, log }, [job]);
    stops.push(runner.stop);

    await eventually(async () => expect(await jobRow(job.name)).toMatchObject({ runs: 1, lastError: 'gateway timed out', leaseOwner: null }));
    const failure = lines.find((line) => line.job === job.name);
    expect(failure).toMatchObject({ level: 50, msg: 'periodic job "flaky sweep" failed', err: { message: 'gateway timed out' } });

    a.clock.advance(30);
    await eventually(async () => expect(await jobRow(job.name)).toMatchObject({ runs: 2, lastError: null, leaseOwner: null }));
    expect(calls).toBe(2);
  });

  it('takes over a job whose instance died mid-run once its lease has expired', async () => {
    const job = heldJob('orphaned sweep', 30_000);
    const diedAt = a.clock.now();
    // What an instance leaves behind when it dies while running the job: a lease nobody renews.
    await a.deps.db.insert(scheduledJobs).values({
      name: job.name,
      nextRunAt: new Date(diedAt.getTime() + 30_000),
      leaseOwner: 'crashed-host:4242:dead',
      leaseUntil: new Date(diedAt.getTime() + 60_000),
      lastStartedAt: diedAt,
      runs: 1,
    });
    const survivor = startObservedJobs(b.deps, [job], { leaseMs: 60_000 });
    stops.push(survivor.stop);

    // Due again by its period, but still leased to the dead instance.
    a.clock.advance(45);
    await survivor.afterTicks(3);
    expect(job.started).toBe(0);

    a.clock.advance(16);
    await eventually(() => expect(job.started).toBe(1));
    const taken = await jobRow(job.name);
    expect(taken.leaseOwner).not.toBe('crashed-host:4242:dead');
    expect(taken.runs).toBe(2);
    job.finishRuns();
    await eventually(async () => expect(await jobRow(job.name)).toMatchObject({ leaseOwner: null, lastFinishedAt: a.clock.now() }));
  });

  it('stops only after the run in progress has finished and been recorded', async () => {
    const job = heldJob('stopping sweep', 30_000);
    const runner = startObservedJobs(a.deps, [job]);
    stops.push(runner.stop);
    await eventually(() => expect(job.started).toBe(1));
    const stopped = runner.stop();
    job.finishRuns();
    await stopped;
    expect(await jobRow(job.name)).toMatchObject({ leaseOwner: null, lastFinishedAt: a.clock.now() });
  });
});
