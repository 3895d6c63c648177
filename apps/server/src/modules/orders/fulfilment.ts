import type { SQL } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import type { Tx } from '../../platform/db/client.ts';
import type { SkuRow } from '../catalog/index.ts';
import { stepsDueJsonSql } from './steps-due.ts';
import type { orderGames, orders } from './tables.ts';

/** A line of an order being completed, with its SKU as the catalogue has it now and its order's type. */
export interface PaidLine {
  line: typeof orderGames.$inferSelect;
  row: SkuRow;
  /** A flash sale's (`seckill`) line is delivered from the keys set aside for its sale. */
  orderType: (typeof orders.$inferSelect)['type'];
  /**
   * Per step with a `dueSql`, whether it has anything to do for this line's order, as the payment's claim read it
   * (`stepsDueSql`); absent when the order was completed another way, and the step then runs as it always did.
   */
  stepsDue?: Readonly<Record<string, boolean>>;
}

/** Work a step leaves for after the payment's transaction has committed (a call to an outside party). */
export type AfterCommit = (deps: Deps) => Promise<void>;

/**
 * Something that happens when an order is paid: keys are delivered, games join the library, a physical
 * order gets its shipment. Modules above orders register their step (orders never imports them); each
 * runs in the payment's transaction, in the order registered, so money and goods move together. A step
 * must not call an outside party inside the transaction: it answers that work as `AfterCommit` instead.
 * The lines given may be of several orders of several accounts (payments completed together,
 * `fulfilClaimedOrders`): a step works from each line's own order and account.
 */
export interface FulfilmentStep {
  name: string;
  run(tx: Tx, deps: Deps, paidLines: readonly PaidLine[], now: Date): Promise<AfterCommit | void>;
  /**
   * Whether the step may have anything to do for an order (its row to move exists), as an SQL condition on the
   * order's id and account: read in the claim that completes it (completion.ts), so a step with nothing to do for
   * any of the orders paid costs no statement. A superset is fine — `run` still decides — a subset is not.
   */
  dueSql?(order: { id: SQL; accountId: SQL }): SQL;
}

const steps: FulfilmentStep[] = [];

/** Adds a step, or replaces the one of the same name in its place (setting up twice changes nothing). */
export function registerFulfilmentStep(step: FulfilmentStep): void {
  const at = steps.findIndex((s) => s.name === step.name);
  if (at === -1) steps.push(step);
  else steps[at] = step;
}

export function fulfilmentSteps(): readonly FulfilmentStep[] {
  // Completing an order with nothing set up would take the money and deliver nothing: refuse loudly instead.
  if (steps.length === 0) throw new Error('no fulfilment steps registered: call setUpModules() (modules/registry.ts) at start-up');
  return steps;
}

/** The fulfilment steps' `dueSql` for an order, as one JSON object of step name → boolean (steps-due.ts). */
export const stepsDueSql = (order: { id: SQL; accountId: SQL }): SQL => stepsDueJsonSql(steps, order);

/** The lines a step runs for: all of them, or for a step with `dueSql` those whose order's claim did not say "nothing to do". */
export function linesDueFor(step: FulfilmentStep, paid: readonly PaidLine[]): readonly PaidLine[] {
  return step.dueSql ? paid.filter((p) => p.stepsDue?.[step.name] !== false) : paid;
}
