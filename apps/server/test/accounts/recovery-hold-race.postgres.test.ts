import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { makeAccount } from '../support/catalog-factories.ts';
import { buyGame, fundWallet, walletBalance } from '../support/payments-factories.ts';
import { resetPasswordByAppeal } from '../../src/modules/accounts/index.ts';
import { walletEntries } from '../../src/modules/accounts/tables.ts';
import { orders } from '../../src/modules/orders/tables.ts';
import { useTestApp } from '../support/test-app.ts';
import { lockWaiters } from '../support/lock-waiters.ts';

/**
 * The recovery hold against wallet payments racing an appeal's reset (docs/decisions/0044-account-appeals.md,
 * "The recovery hold lives on the account"). The reset is the real one (resetPasswordByAppeal) in a transaction
 * this test keeps open, so the burst of payments arrives while the hold is written but not yet committed — the
 * window a read before the payment used to miss. PostgreSQL only: the payments must really wait on the
 * account row's lock on parallel connections.
 */
const { t, api } = useTestApp();

const BURST = 8;
const PRICE = 500;


/** A funded buyer with BURST pending one-click orders (a game each), as the web makes them. */
async function buyerWithOrders() {
  const buyer = await makeAccount(t);
  await fundWallet(t, buyer.id, 'CNY', PRICE * BURST * 2);
  const pending = [];
  for (let i = 0; i < BURST; i++) pending.push((await buyGame(t, api, { buyer, sku: { listPrice: PRICE } })).order);
  return { buyer, pending };
}

const pay = (token: string, order: { id: number; version: number }) =>
  api.native.patch(`/api/orders/${order.id}/pay`, { payment_method: 'wallet', payment_from: 'web', version: order.version }, { token });

describe(`${BURST} parallel wallet payments racing an appeal's reset`, () => {
  it('wait for the reset and are all refused with recovery_hold once it commits; nothing is debited', async () => {
    const { buyer, pending } = await buyerWithOrders();
    const before = await walletBalance(t, buyer.id);
    let commitReset!: () => void;
    const released = new Promise<void>((resolve) => { commitReset = resolve; });
    let resetWritten!: () => void;
    const written = new Promise<void>((resolve) => { resetWritten = resolve; });
    const reset = t.deps.db.transaction(async (tx) => {
      await resetPasswordByAppeal(tx, t.deps, buyer.id, 'Amber-Lantern-Reset-58', t.clock.now());
      resetWritten();
      await released;
    });
    await written;

    const answers = Promise.all(pending.map((order) => pay(buyer.token, order)));
    // Every payment is queued behind the reset's row lock before the reset commits.
    await vi.waitFor(async () => expect(await lockWaiters(t.deps.db)).toBeGreaterThanOrEqual(1), { timeout: 20_000, interval: 20 });
    commitReset();
    await reset;

    const settled = await answers;
    expect(settled.map((a) => a.statusCode)).toEqual(Array(BURST).fill(422));
    for (const answer of settled) expect(answer.json().errors).toEqual({ payment_method: ['recovery_hold'] });
    expect(await walletBalance(t, buyer.id)).toBe(before);
    const debits = await t.deps.db.select().from(walletEntries).where(and(eq(walletEntries.accountId, buyer.id), eq(walletEntries.reason, 'order_payment')));
    expect(debits).toHaveLength(0);
    const states = await t.deps.db.select({ state: orders.state }).from(orders).where(eq(orders.accountId, buyer.id));
    expect(states.every((o) => o.state !== 'completed')).toBe(true);
  });

  it('that took the account row first complete, and the reset waits for them: the hold never lands between a check and a debit', async () => {
    const { buyer, pending } = await buyerWithOrders();
    const before = await walletBalance(t, buyer.id);
    const answers = Promise.all(pending.map((order) => pay(buyer.token, order)));
    // The reset starts with the payments in flight; whichever order the locks give, every payment is either
    // complete with its debit or refused with recovery_hold and no debit.
    const reset = t.deps.db.transaction((tx) => resetPasswordByAppeal(tx, t.deps, buyer.id, 'Amber-Lantern-Reset-58', t.clock.now()));
    const [settled] = await Promise.all([answers, reset]);

    const paid = settled.filter((a) => a.statusCode === 200);
    const refused = settled.filter((a) => a.statusCode !== 200);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json().errors).toEqual({ payment_method: ['recovery_hold'] });
    }
    const debits = await t.deps.db.select().from(walletEntries).where(and(eq(walletEntries.accountId, buyer.id), eq(walletEntries.reason, 'order_payment')));
    expect(debits).toHaveLength(paid.length);
    expect(await walletBalance(t, buyer.id)).toBe(before - PRICE * paid.length);
    // After the reset committed, no payment gets through.
    const late = await pay(buyer.token, pending[0]!);
    expect(late.statusCode).not.toBe(200);
  });
});
