import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { fundWallet } from '../support/payments-factories.ts';
import { accounts } from '../../src/modules/accounts/tables.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

type Entry = { delta: number; balance_after: number; reason: string; order_id: number | null };

describe('GET /api/me/wallet_entries', () => {
  it('lists top-ups and payments newest first, adding up to the balance shown with them, in this site\'s currency only', async () => {
    const buyer = await makeAccount(t);
    expect((await api.native.get('/api/me/wallet_entries')).statusCode).toBe(401);
    await fundWallet(t, buyer.id, 'CNY', 10_000);
    await fundWallet(t, buyer.id, 'USD', 500);
    const game = await makeSku(t, { listPrice: 2_500 });
    const order = (await api.native.post('/api/orders', { order: { sku_ids: [game.id], cate: 'game', type: 'one_click' } }, { token: buyer.token })).json();
    expect((await api.native.patch(`/api/orders/${order.id}/pay`, { payment_method: 'wallet', payment_from: 'web', version: order.version }, { token: buyer.token })).statusCode).toBe(200);

    const res = await api.native.get('/api/me/wallet_entries', { token: buyer.token });
    expect(res.statusCode).toBe(200);
    const { wallet_entries: entries, meta } = res.json() as { wallet_entries: Entry[]; meta: Record<string, unknown> };
    expect(entries).toMatchObject([
      { delta: -2_500, balance_after: 7_500, reason: 'order_payment', order_id: order.id },
      { delta: 10_000, balance_after: 10_000, reason: 'top_up', order_id: null },
    ]);
    expect(meta).toMatchObject({ total_count: 2, balance: 7_500, recorded_balance: 7_500, currency: 'CNY', status: 'active' });
    expect(entries.reduce((sum, e) => sum + e.delta, 0)).toBe(meta.balance);
    // The other currency's wallet (the other site's) is not part of this one's ledger.
    expect(entries.some((e) => e.delta === 500)).toBe(false);
  });
});

describe('GET /api/point_details', () => {
  it('answers the available points with the sum of every record, so the page can show a balance from before records', async () => {
    const buyer = await makeAccount(t);
    expect((await api.native.post('/api/me/clock_in', {}, { token: buyer.token })).statusCode).toBe(201);
    const first = (await api.native.get('/api/point_details', { token: buyer.token })).json();
    expect(first.meta.score).toBe(first.meta.recorded_score);
    expect(first.point_details.reduce((s: number, d: { real_score: number }) => s + d.real_score, 0)).toBe(first.meta.recorded_score);
    // Points given without a record (an import from before records were kept) show as the difference.
    await t.deps.db.update(accounts).set({ score: first.meta.score + 300 }).where(eq(accounts.id, buyer.id));
    const later = (await api.native.get('/api/point_details', { token: buyer.token })).json();
    expect(later.meta.score - later.meta.recorded_score).toBe(300);
  });
});
