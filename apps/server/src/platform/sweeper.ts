import type { Logger } from 'pino';

/**
 * Runs `work` every `intervalMs` for as long as the process lives: each run is awaited before the next
 * starts (no pile-up when the database is slow) and a failure is logged, not thrown, so the next run
 * still happens. Answers a function that stops the timer and waits for the run in progress.
 */
export function startSweep(name: string, work: () => Promise<unknown>, intervalMs: number, log: Logger): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(work).catch((err: unknown) => log.error({ err }, `${name} failed`));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
