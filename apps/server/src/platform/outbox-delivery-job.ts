import type { PeriodicJob } from './jobs.ts';

/** Delivers what the outbox holds every few seconds on one instance at a time, retrying failures when due. */
export const outboxDeliveryJob: PeriodicJob = {
  name: 'outbox delivery',
  everyMs: 5_000,
  run: (deps) => deps.outbox.deliverPending(),
};
