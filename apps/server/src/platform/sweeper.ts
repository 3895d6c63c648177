import type { Logger } from 'pino';

/**
 * Superseded by platform/jobs.ts, which also keeps a job to one instance at a time: main.ts starts the
 * sweeps through it. This in-process timer stays only for the modules' `startOrderExpiry` and
 * `startRefundRetries` until they are removed.
 *
 * Runs `work` every `intervalMs`; a tick that comes while the previous run still runs is skipped (no
 * pile-up when the database is slow) and a failure is logged, not thrown, so the next run still happens.
 * Answers a function that stops the timer and waits for the run in progress.
 */
export function startSweep(name: string, work: () => Promise<unknown>, intervalMs: number, log: Logger): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = work()
      .catch((err: unknown) => log.error({ err, job: name }, `${name} failed`))
      .finally(() => { running = null; });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
