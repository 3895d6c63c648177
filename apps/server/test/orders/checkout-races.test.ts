import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { makePaidOrder, makePendingOrder, payOrder } from '../support/keys-factories.ts';
import { orders } from '../../src/modules/orders/tables.ts';
import { accounts } from '../../src/modules/accounts/tables.ts';
import { issueRedeemCodes } from '../../src/modules/redeem/issue.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * The checkout's account-wide and ownership rules hold under bursts of parallel requests: they are read
 * inside the order's transaction under the buyer's lock. On PostgreSQL the requests really run in
 * parallel on a connection pool; on PGlite they interleave on one connection.
 */
const { t, api } = useTestApp();

const BURST = 10;
const orderGame = (token: string, skuId: number) =>
  api.native.post('/api/orders', { order: { sku_ids: [skuId], cate: 'game', type: 'one_click' } }, { token });
const burst = (token: string, skuId: number) => Promise.all(Array.from({ length: BURST }, () => orderGame(token, skuId)));
const ordersOf = (accountId: number) => t.deps.db.select().from(orders).where(eq(orders.accountId, accountId));

describe(`${BURST} parallel orders for one game by one account`, () => {
  it('create exactly one order; every other is refused as locked by it', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t);
    const answers = await burst(buyer.token, sku.id);

    const created = answers.filter((a) => a.statusCode === 201);
    expect(created).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(refused.map((a) => a.statusCode)).toEqual(Array(BURST - 1).fill(422));
    for (const answer of refused) expect(answer.json()).toMatchObject({ errors: { sku: ['locked'] }, meta: { skus: { [sku.id]: ['locked'] } } });
    expect(await ordersOf(buyer.id)).toHaveLength(1);
  });

  it('are all refused as owned once a completed order holds the game, and none is written', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t);
    await makePaidOrder(t, buyer.id, [sku]);
    const answers = await burst(buyer.token, sku.id);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(BURST).fill(422));
    for (const answer of answers) expect(answer.json().errors).toEqual({ sku: ['owned'] });
    expect(await ordersOf(buyer.id)).toHaveLength(1);
  });

  it('never slip through while the holding order is being paid: each is refused as locked or owned', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t);
    const holding = await makePendingOrder(t, buyer.id, [sku]);
    const [paid, ...answers] = await Promise.all([payOrder(t, holding), ...Array.from({ length: BURST }, () => orderGame(buyer.token, sku.id))]);
    expect(paid.outcome).toBe('completed');
    for (const answer of answers) {
      expect(answer.statusCode).toBe(422);
      expect([['locked'], ['owned']]).toContainEqual(answer.json().errors.sku);
    }
    expect(await ordersOf(buyer.id)).toHaveLength(1);
  });
});

describe('the account-wide rules apply to every way an order is placed', () => {
  it('refuses a game given by a redeem code to a barred account (403 purchase_ban), writing no order', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t);
    const [code] = await issueRedeemCodes(t.deps, t.deps.db, { area: 'native', goods: { kind: 'sku', skuId: sku.id }, count: 1 });
    await t.deps.db.update(accounts).set({ purchaseBannedAt: t.clock.now() }).where(eq(accounts.id, buyer.id));

    const res = await api.native.post('/api/redeem', { redeem: { code: code!.code } }, { token: buyer.token });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toEqual({ account: ['purchase_ban'] });
    expect(await ordersOf(buyer.id)).toHaveLength(0);
  });
});
