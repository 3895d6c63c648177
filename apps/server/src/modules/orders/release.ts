import type { Tx } from '../../platform/db/client.ts';

/**
 * Something that must be given back when unpaid orders end (expired, canceled or deleted): a flash
 * sale's unit goes back to its event's stock. Modules above orders register their step (orders never
 * imports them); each runs in the transaction that ends the orders, so the order and what it held end
 * together.
 */
export interface OrderReleaseStep {
  name: string;
  /** `now` is the app clock's (deps.clock) moment the orders ended: steps stamp it, never the database's `now()`. */
  run(tx: Tx, orderIds: readonly number[], now: Date): Promise<void>;
}

const steps: OrderReleaseStep[] = [];

/** Adds a step, or replaces the one of the same name in its place (setting up twice changes nothing). */
export function registerOrderReleaseStep(step: OrderReleaseStep): void {
  const at = steps.findIndex((s) => s.name === step.name);
  if (at === -1) steps.push(step);
  else steps[at] = step;
}

/** Runs every release step for orders that have just ended unpaid. */
export async function releaseEndedOrders(tx: Tx, orderIds: readonly number[], now: Date): Promise<void> {
  if (orderIds.length === 0) return;
  for (const step of steps) await step.run(tx, orderIds, now);
}
