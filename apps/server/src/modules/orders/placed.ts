import type { Tx } from '../../platform/db/client.ts';
import type { OrderLineRow, OrderRow } from './checkout/write-order.ts';

/**
 * Something a module above orders records about every order as it is placed (distribution attributes it to a
 * sharer). It runs in the order's transaction, under the buyer's lock, after every line is written with its
 * final amount (coupon shares taken off): a throw rolls the whole order back. Orders never imports the modules
 * that register one.
 */
export interface OrderPlacedStep {
  name: string;
  run(tx: Tx, order: OrderRow, lines: readonly OrderLineRow[], now: Date): Promise<void>;
}

const steps: OrderPlacedStep[] = [];

/** Adds a step, or replaces the one of the same name in its place (setting up twice changes nothing). */
export function registerOrderPlacedStep(step: OrderPlacedStep): void {
  const at = steps.findIndex((s) => s.name === step.name);
  if (at === -1) steps.push(step);
  else steps[at] = step;
}

/** Runs every registered step for an order just written. */
export async function runOrderPlacedSteps(tx: Tx, order: OrderRow, lines: readonly OrderLineRow[], now: Date): Promise<void> {
  for (const step of steps) await step.run(tx, order, lines, now);
}
