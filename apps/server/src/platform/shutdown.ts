import type { Server } from 'node:http';
import type { Logger } from 'pino';

/**
 * How long a stopping instance lets requests in flight finish before it cuts their connections. Below the
 * usual 30 s a supervisor (Kubernetes' grace period, systemd's stop timeout) waits before SIGKILL, so the
 * leases and locks are still released by this process rather than left to run out.
 */
export const SHUTDOWN_DRAIN_MS = 20_000;

export interface ShutdownSteps {
  /** The listening servers (one per site). */
  servers: readonly Server[];
  /** Tells open streams to reconnect elsewhere and ends them (they would otherwise hold their server open). */
  endStreams(): Promise<void>;
  /** Stops periodic jobs, waiting for runs in progress: their leases are freed, not left to run out. */
  stopJobs(): Promise<void>;
  /** Work started in the background (deliveries, supplier calls) let finish, then the app's own close. */
  drain(): Promise<void>;
  /** Closes pools and connections: the session locks' connection last of all, so nothing held outlives it. */
  close(): Promise<void>;
  log: Logger;
  drainMs?: number;
}

/**
 * A graceful stop on SIGTERM (docs/decisions/0050): stop accepting connections (the load balancer sends new
 * ones to other instances), tell live streams to reconnect elsewhere, let requests in flight finish for up
 * to `drainMs`, stop the jobs and background work, release leases and locks, close the pools. Idle
 * keep-alive connections are closed at once; a request that arrives on a busy one is still answered.
 */
export async function shutDown(steps: ShutdownSteps): Promise<void> {
  const drainMs = steps.drainMs ?? SHUTDOWN_DRAIN_MS;
  const started = Date.now();
  const closed = steps.servers.map((server) => new Promise<void>((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
  }));
  for (const server of steps.servers) server.closeIdleConnections();
  const jobs = steps.stopJobs();
  await steps.endStreams();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'deadline'>((resolve) => (timer = setTimeout(() => resolve('deadline'), drainMs)));
  const drained = await Promise.race([Promise.all(closed).then(() => 'drained' as const), deadline]);
  clearTimeout(timer);
  if (drained === 'deadline') {
    steps.log.warn({ drainMs }, 'requests still in flight at the shutdown deadline; their connections are cut');
    for (const server of steps.servers) server.closeAllConnections();
    await Promise.all(closed);
  }
  await jobs;
  await steps.drain();
  await steps.close();
  steps.log.info({ ms: Date.now() - started }, 'shut down: requests finished, leases and locks released');
}
