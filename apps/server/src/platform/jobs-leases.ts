import { and, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { scheduledJobs } from './db/platform-tables.ts';

/**
 * The database side of the periodic job runner (platform/jobs.ts): each job's row in `scheduled_jobs` says
 * when it is next due and who holds it. Every step is one conditional statement, so it is atomic on
 * PostgreSQL and PGlite alike, whatever the number of instances.
 */

/** A run this instance won: `runs` (the row's counter after the claim) identifies it in later updates. */
export interface Lease {
  name: string;
  owner: string;
  runs: number;
}

/** Adds the jobs' rows, due at once, leaving rows other instances (or earlier starts) made untouched. */
export async function registerJobs(db: Db, names: readonly string[], now: Date): Promise<void> {
  if (names.length === 0) return;
  await db.insert(scheduledJobs).values(names.map((name) => ({ name, nextRunAt: now }))).onConflictDoNothing();
}

/**
 * Claims a job when it is due and nobody holds it (or the holder's lease ran out: it crashed). A run whose
 * instance died (its owner still recorded, its lease run out) is taken over at once, due or not: a daily job
 * cut off mid-run is finished within a lease, not a day later. The next period is counted from now, so a run
 * that overran several periods is followed by one run, not a burst.
 */
export async function claimJob(db: Db, job: { name: string; everyMs: number }, owner: string, now: Date, leaseMs: number): Promise<Lease | null> {
  const [row] = await db
    .update(scheduledJobs)
    .set({
      leaseOwner: owner,
      leaseUntil: new Date(now.getTime() + leaseMs),
      lastStartedAt: now,
      nextRunAt: new Date(now.getTime() + job.everyMs),
      runs: sql`${scheduledJobs.runs} + 1`,
    })
    .where(and(
      eq(scheduledJobs.name, job.name),
      or(isNull(scheduledJobs.leaseUntil), lt(scheduledJobs.leaseUntil, now)),
      or(lte(scheduledJobs.nextRunAt, now), isNotNull(scheduledJobs.leaseOwner)),
    ))
    .returning({ runs: scheduledJobs.runs });
  return row ? { name: job.name, owner, runs: row.runs } : null;
}

/** Extends a lease still held; answers false when it was lost (another instance took the job over). */
export async function renewLease(db: Db, lease: Lease, until: Date): Promise<boolean> {
  const renewed = await db.update(scheduledJobs).set({ leaseUntil: until }).where(held(lease)).returning({ name: scheduledJobs.name });
  return renewed.length > 0;
}

/** Records how the run ended and frees the job; answers false when the lease had been lost meanwhile. */
export async function finishRun(db: Db, lease: Lease, now: Date, error: string | null): Promise<boolean> {
  const finished = await db
    .update(scheduledJobs)
    .set({ leaseUntil: null, leaseOwner: null, lastFinishedAt: now, lastError: error })
    .where(held(lease))
    .returning({ name: scheduledJobs.name });
  return finished.length > 0;
}

function held(lease: Lease) {
  return and(eq(scheduledJobs.name, lease.name), eq(scheduledJobs.leaseOwner, lease.owner), eq(scheduledJobs.runs, lease.runs));
}
