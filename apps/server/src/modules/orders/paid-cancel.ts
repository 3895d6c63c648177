import type { Deps } from '../../platform/deps.ts';
import type { Tx } from '../../platform/db/client.ts';
import type { AfterCommit } from './fulfilment.ts';

/** A paid order being canceled, as the refund sees it. */
export interface CanceledPaidOrder {
  id: number;
  accountId: number;
  now: Date;
}

/**
 * Gives back the money of a paid order the buyer canceled (docs/product/buying.md#cancel-physical): to the
 * method that paid it, inside the cancel's transaction (wallet and points credited there; a gateway refund
 * recorded there and asked for after commit, as `AfterCommit`). Payments registers it: orders never imports
 * payments.
 */
export type PaidOrderRefund = (tx: Tx, deps: Deps, order: CanceledPaidOrder) => Promise<AfterCommit | void>;

let refund: PaidOrderRefund | null = null;

export function registerPaidOrderRefund(step: PaidOrderRefund): void {
  refund = step;
}

export function paidOrderRefund(): PaidOrderRefund {
  // Canceling a paid order with nobody to give the money back would keep the buyer's money: refuse loudly.
  if (refund === null) throw new Error('no paid-order refund registered: call setUpModules() (modules/registry.ts) at start-up');
  return refund;
}

/**
 * Something a module above orders undoes when a paid order is canceled and refunded (distribution cancels the
 * sharer's commission). Runs in the cancel's transaction, after the refund; orders never imports the module.
 */
export interface PaidOrderCancelStep {
  name: string;
  run(tx: Tx, order: CanceledPaidOrder): Promise<void>;
}

const cancelSteps: PaidOrderCancelStep[] = [];

/** Adds a step, or replaces the one of the same name in its place (setting up twice changes nothing). */
export function registerPaidOrderCancelStep(step: PaidOrderCancelStep): void {
  const at = cancelSteps.findIndex((s) => s.name === step.name);
  if (at === -1) cancelSteps.push(step);
  else cancelSteps[at] = step;
}

export async function runPaidOrderCancelSteps(tx: Tx, order: CanceledPaidOrder): Promise<void> {
  for (const step of cancelSteps) await step.run(tx, order);
}
