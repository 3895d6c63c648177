import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Deps } from './deps.ts';
import { claimJob, finishRun, registerJobs, renewLease, type Lease } from './jobs-leases.ts';

/**
 * A job lease's length when the runner is not told otherwise: a dead instance's run is taken over by another
 * within this and a tick (issue: "job leases taken over within 30 s"). Renewed every half of it while the run
 * lasts, so a slow run is never taken over while its instance lives.
 */
export const JOB_LEASE_MS = 20_000;

/** Work done every `everyMs`, by one instance at a time among all that share the database. */
export interface PeriodicJob {
  /** Its row in `scheduled_jobs`, and its name in logs. Keep it stable: a new name is a new job. */
  name: string;
  everyMs: number;
  run(deps: Deps): Promise<unknown>;
}

export interface JobRunnerOptions {
  /** How often this instance looks for due jobs. */
  tickMs?: number;
  /**
   * How long a claim holds without renewal (`JOB_LEASE_MS` by default). A run renews it at every tick past
   * half of it (the heartbeat), so this only bounds how long a job stays stuck after its instance died
   * mid-run: another instance takes it over once the lease ran out (docs/decisions/0050).
   */
  leaseMs?: number;
  /** This instance's name in `lease_owner` (host, process and a random part by default). */
  owner?: string;
  /** Called after every tick has claimed what was due (for tests and metrics). */
  onTick?: () => void;
}

interface Running {
  lease: Lease;
  /** When (clock time, ms) the lease is next renewed: halfway through it, so a slow tick cannot miss it. */
  renewAt: number;
  done: Promise<void>;
}

/**
 * Runs periodic jobs so that each runs at most once per period and never twice at the same time, across
 * every instance on the database: a due job is claimed with a lease in `scheduled_jobs` (jobs-leases.ts)
 * and this instance never starts a job it is still running. A failure is logged with the job's name and
 * recorded (`last_error`); the next period runs regardless. Time is read from `deps.clock`.
 *
 * Answers a function that stops looking for work and waits for the runs in progress.
 */
export function startJobs(deps: Deps, jobs: readonly PeriodicJob[], options: JobRunnerOptions = {}): () => Promise<void> {
  const tickMs = options.tickMs ?? 1_000;
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  const owner = options.owner ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const running = new Map<string, Running>();
  let registered = false;
  let stopped = false;
  let ticking: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const start = (job: PeriodicJob, lease: Lease, startedAt: Date) => {
    const done = (async () => {
      let error: string | null = null;
      try {
        await job.run(deps);
      } catch (err) {
        error = errorText(err);
        deps.log.error({ err, job: job.name }, `periodic job "${job.name}" failed`);
      }
      try {
        if (!(await finishRun(deps.db, lease, deps.clock.now(), error))) {
          deps.log.warn({ job: job.name }, `periodic job "${job.name}" outlived its lease; another instance may have run it too`);
        }
      } catch (err) {
        // The lease then simply runs out, and the job is due again after it.
        deps.log.warn({ err, job: job.name }, `periodic job "${job.name}" finished, but could not be recorded`);
      } finally {
        running.delete(job.name);
      }
    })();
    running.set(job.name, { lease, renewAt: startedAt.getTime() + leaseMs / 2, done });
  };

  const keepLease = async (job: PeriodicJob, current: Running, now: Date) => {
    if (now.getTime() < current.renewAt) return;
    current.renewAt = now.getTime() + leaseMs / 2;
    if (!(await renewLease(deps.db, current.lease, new Date(now.getTime() + leaseMs)))) {
      deps.log.warn({ job: job.name }, `periodic job "${job.name}" lost its lease while running`);
    }
  };

  const tick = async () => {
    const now = deps.clock.now();
    if (!registered) {
      await registerJobs(deps.db, jobs.map((j) => j.name), now);
      registered = true;
    }
    for (const job of jobs) {
      if (stopped) return;
      try {
        const current = running.get(job.name);
        if (current) {
          await keepLease(job, current, now);
          continue;
        }
        const lease = await claimJob(deps.db, job, owner, now, leaseMs);
        if (lease) start(job, lease, now);
      } catch (err) {
        deps.log.warn({ err, job: job.name }, `periodic job "${job.name}" could not be claimed; trying again next tick`);
      }
    }
  };

  // Each tick is scheduled when the previous one ended, so slow database answers delay ticks instead of
  // piling them up; runs are not awaited by the tick, so a long job does not hold up the others.
  const loop = async () => {
    ticking = tick()
      .catch((err: unknown) => deps.log.warn({ err }, 'periodic jobs could not be registered; trying again next tick'))
      .finally(() => options.onTick?.());
    await ticking;
    if (stopped) return;
    timer = setTimeout(loop, tickMs);
    timer.unref();
  };
  timer = setTimeout(loop, 0);
  timer.unref();

  return async () => {
    stopped = true;
    clearTimeout(timer);
    await ticking;
    await Promise.allSettled([...running.values()].map((r) => r.done));
  };
}

function errorText(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 500);
}
