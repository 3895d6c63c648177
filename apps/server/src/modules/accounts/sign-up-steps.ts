import type { Area } from '@lantern/domain';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { Deps } from '../../platform/deps.ts';

/** A new account as a sign-up step sees it: where it signed up, from where, and through which invite code. */
export interface NewAccount {
  accountId: number;
  area: Area;
  ip: string;
  deviceId: string | null;
  inviteCode: string | null;
}

/**
 * Work a module above this one does in the sign-up's transaction (invitations record the invitee,
 * docs/product/engagement.md#invitations). A step never refuses a sign-up: a code it does not know is ignored.
 * Provided from the module's `setup`, so accounts never imports it.
 */
export type SignUpStep = (tx: DbOrTx, deps: Deps, account: NewAccount) => Promise<void>;

const steps = new Map<string, SignUpStep>();

export function provideSignUpStep(name: string, step: SignUpStep): void {
  steps.set(name, step);
}

export async function runSignUpSteps(tx: DbOrTx, deps: Deps, account: NewAccount): Promise<void> {
  for (const step of steps.values()) await step(tx, deps, account);
}

/** Something real an account did (docs/product/engagement.md#invitations): bound a phone or an e-mail. */
export type AccountMilestone = 'bind_phone' | 'bind_email';
/** Told, in the binding's transaction, when an account first does something real; invitations reward the inviter then. */
export type MilestoneListener = (tx: DbOrTx, deps: Deps, accountId: number, milestone: AccountMilestone) => Promise<void>;

const listeners = new Map<string, MilestoneListener>();

export function provideMilestoneListener(name: string, listener: MilestoneListener): void {
  listeners.set(name, listener);
}

/** Called in the transaction that binds; every listener writes in it, so a binding and what it earns commit together. */
export async function reachMilestone(tx: DbOrTx, deps: Deps, accountId: number, milestone: AccountMilestone): Promise<void> {
  for (const listener of listeners.values()) await listener(tx, deps, accountId, milestone);
}
