import { existsSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';
import pg from 'pg';
import { until } from './http.ts';
import type { Instance } from './instance.ts';

/**
 * What an instance holds in PostgreSQL at a given moment, read from outside it (docs/decisions/0050): its pay
 * locks (advisory locks on its session-lock connection, and a wallet payment's inside its transaction on a lane's
 * connection), the flash-sale units reserved without an order yet,
 * the periodic jobs it is running (their leases name its process id) and the outbox messages claimed. Taken
 * just before a kill, then watched until each is let go.
 */
export interface Holdings {
  /**
   * Backends of the instance holding advisory locks — its session-lock connection (one per instance), connections
   * whose transaction holds wallet payments' pay locks or buyers' locks — and how many advisory locks they hold.
   */
  lockSessions: number[];
  payLocks: number;
  /** Flash-sale reservations no order took yet (of every instance: a reservation names no owner). */
  reservations: number;
  jobLeases: string[];
  outboxClaims: number;
}

/**
 * The local TCP ports of a process's sockets (Linux: its descriptors' socket inodes looked up in /proc/net/tcp),
 * which PostgreSQL sees as its sessions' `client_port`: how the tier tells one instance's sessions from the other's.
 */
function localPortsOf(pid: number): Set<number> {
  const inodes = new Set<string>();
  if (!existsSync(`/proc/${pid}/fd`)) throw new Error(`process ${pid} is not running`);
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // Closed meanwhile.
    }
  }
  const ports = new Set<number>();
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields.length > 9 && inodes.has(fields[9]!)) ports.add(parseInt(fields[1]!.split(':')[1]!, 16));
  }
  return ports;
}

export class HoldingsWatch {
  /** A small pool: the watches run side by side, and the pool opens connections again after the restart scenario. */
  private readonly pool: pg.Pool;

  constructor(databaseUrl: string) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    // An idle connection PostgreSQL ended (the restart scenario) is replaced by the pool; it must not end the run.
    this.pool.on('error', () => undefined);
  }

  private query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>> {
    return this.pool.query<R>(text, values);
  }

  close() {
    return this.pool.end();
  }

  /** Which of these backends are still open. */
  async stillOpen(pids: readonly number[]): Promise<number[]> {
    const { rows } = await this.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE pid = ANY($1::int[])', [pids]);
    return rows.map((r) => r.pid);
  }

  async of(instance: Instance): Promise<Holdings> {
    const ports = [...localPortsOf(instance.pid)];
    const { rows: sessions } = await this.query<{ pid: number }>(`SELECT a.pid FROM pg_stat_activity a WHERE a.client_port = ANY($1::int[])
        AND (a.application_name = 'lantern session locks' OR EXISTS (SELECT 1 FROM pg_locks l WHERE l.pid = a.pid AND l.locktype = 'advisory'))`, [ports]);
    const lockSessions = sessions.map((r) => r.pid);
    const { rows: [counts] } = await this.query<{ pay_locks: number; reservations: number; outbox_claims: number }>(`SELECT
        (SELECT count(*)::int FROM pg_locks WHERE locktype = 'advisory' AND pid = ANY($1::int[])) AS pay_locks,
        (SELECT count(*)::int FROM seckill_purchases WHERE order_id IS NULL AND NOT released) AS reservations,
        (SELECT count(*)::int FROM outbox_messages WHERE delivered_at IS NULL AND failed_at IS NULL AND claimed_until > now()) AS outbox_claims`, [lockSessions]);
    const { rows: jobs } = await this.query<{ name: string }>('SELECT name FROM scheduled_jobs WHERE lease_owner LIKE $1', [`%:${instance.pid}:%`]);
    return { lockSessions, payLocks: counts!.pay_locks, reservations: counts!.reservations, jobLeases: jobs.map((j) => j.name), outboxClaims: counts!.outbox_claims };
  }

  /** Units of a flash sale still on sale (back from reservations given back, or never sold). */
  async unitsLeft(eventId: number): Promise<number> {
    const { rows } = await this.query<{ left: number }>('SELECT coalesce(sum("left"), 0)::int AS left FROM seckill_items WHERE event_id = $1', [eventId]);
    return rows[0]!.left;
  }

  /** Ms until the killed instance's lock-holding sessions are gone (PostgreSQL dropped their locks with them). */
  locksGone(held: Holdings, deadlineMs: number): Promise<number> {
    return until('pay locks of the killed instance released', async () => (await this.stillOpen(held.lockSessions)).length === 0, deadlineMs, 10);
  }

  /** Ms until no reservation made before `before` is left without an order (given back, or attached). */
  reservationsBack(before: Date, deadlineMs: number): Promise<number> {
    return until('flash-sale reservations of the killed instance given back', async () => {
      const { rows } = await this.query('SELECT 1 FROM seckill_purchases WHERE order_id IS NULL AND NOT released AND created_at <= $1 LIMIT 1', [before]);
      return rows.length === 0;
    }, deadlineMs, 50);
  }

  /** Ms until no job lease names the killed process and no message enqueued before `before` is still unsent. */
  leasesAndClaimsTaken(instance: Instance, before: Date, deadlineMs: number): Promise<number> {
    return until('job leases and outbox claims of the killed instance taken over', async () => {
      const { rows } = await this.query(`SELECT 1 FROM scheduled_jobs WHERE lease_owner LIKE $1
        UNION ALL SELECT 1 FROM outbox_messages WHERE delivered_at IS NULL AND failed_at IS NULL AND created_at <= $2 AND next_attempt_at <= $2 LIMIT 1`, [`%:${instance.pid}:%`, before]);
      return rows.length === 0;
    }, deadlineMs, 100);
  }
}
