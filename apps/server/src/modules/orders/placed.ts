import type { SQL } from 'drizzle-orm';
import { stepsDueJsonSql } from './steps-due.ts';
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
  /**
   * Whether the step may have anything to do for the buyer's order on the site, as an SQL condition on the
   * account's id and the site: read in the statement that places the order or reads the buyer's facts under the
   * buyer's lock (`placedStepsDueSql`), so a step with nothing to do costs no statement. A superset is fine — `run`
   * still decides — a subset is not.
   */
  dueSql?(buyer: { accountId: SQL; area: SQL }): SQL;
}

/** Per step with a `dueSql`: whether it may have anything to do, as read with the buyer's facts. */
export type PlacedStepsDue = Readonly<Record<string, boolean>>;

/** The placed-order steps' `dueSql` for a buyer on a site, as one JSON object of step name → boolean (steps-due.ts). */
export const placedStepsDueSql = (buyer: { accountId: SQL; area: SQL }): SQL => stepsDueJsonSql(steps, buyer);

const steps: OrderPlacedStep[] = [];

/** Adds a step, or replaces the one of the same name in its place (setting up twice changes nothing). */
export function registerOrderPlacedStep(step: OrderPlacedStep): void {
  const at = steps.findIndex((s) => s.name === step.name);
  if (at === -1) steps.push(step);
  else steps[at] = step;
}

/** Runs every registered step for an order just written, but a step `due` (read with the buyer's facts) says has nothing to do. */
export async function runOrderPlacedSteps(tx: Tx, order: OrderRow, lines: readonly OrderLineRow[], now: Date, due: PlacedStepsDue | null = null): Promise<void> {
  for (const step of steps) {
    if (step.dueSql && due?.[step.name] === false) continue;
    await step.run(tx, order, lines, now);
  }
}
