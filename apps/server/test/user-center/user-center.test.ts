import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { makeCoupon } from '../support/commerce-factories.ts';
import { makePaidOrder, makePendingOrder, stockKeys } from '../support/keys-factories.ts';
import { accounts, wallets } from '../../src/modules/accounts/tables.ts';
import { gameKeys } from '../../src/modules/keys/tables.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

describe('GET /api/user_center/info', () => {
  it('is for signed-in users only', async () => {
    expect((await api.native.get('/api/user_center/info')).statusCode).toBe(401);
  });

  it('answers zeros for a new account, with a zero wallet in the site currency', async () => {
    const me = await makeAccount(t, { area: 'abroad' });
    const body = (await api.abroad.get('/api/user_center/info', { token: me.token })).json();
    expect(body).toEqual({
      account: { id: me.id, nickname: expect.any(String), avatar_url: null, region: 'global', area: 'abroad' },
      counts: { orders_pending: 0, orders_completed: 0, games_owned: 0, keys_not_activated: 0, keys_waiting: 0, coupons_usable: 0, wishes: 0 },
      wallet: { balance: 0, currency: 'USD', status: 'active' },
      points: { score: 0, history_score: 0, total_score: 0 },
      latest_orders: [],
    });
  });

  it('counts orders, games, keys, coupons and wishes of the site, and shows the three newest orders', async () => {
    const me = await makeAccount(t);
    const [a, b, c, wished] = [await makeSku(t, { name: { chs: '甲', en: 'Alpha' } }), await makeSku(t), await makeSku(t), await makeSku(t)];
    await stockKeys(t, a.id, ['UCENT-ERKEY-00001', 'UCENT-ERKEY-00002']);
    await makePaidOrder(t, me.id, [a, b]);
    t.clock.advance(1);
    await makePaidOrder(t, me.id, [c]);
    t.clock.advance(1);
    await makePendingOrder(t, me.id, [wished]);
    t.clock.advance(1);
    const stale = await makePendingOrder(t, me.id, [await makeSku(t)]);
    await t.deps.db.execute(`update orders set expires_at = now() - interval '1 minute' where id = ${stale}`);
    await t.deps.db.update(accounts).set({ score: 40, historyScore: 60 }).where(eq(accounts.id, me.id));
    await t.deps.db.insert(wallets).values({ accountId: me.id, currency: 'CNY', balance: 12_800 });
    await api.native.patch(`/api/account_coupons/${(await makeCoupon(t)).id}`, {}, { token: me.token });
    await api.native.put(`/api/me/wishes/${wished.id}`, undefined, { token: me.token });
    const [key] = await t.deps.db.select().from(gameKeys).where(eq(gameKeys.accountId, me.id));
    await api.native.post(`/api/me/game_keys/${key!.id}/activate`, undefined, { token: me.token });

    const res = await api.native.get('/api/user_center/info', { token: me.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.counts).toEqual({ orders_pending: 1, orders_completed: 2, games_owned: 3, keys_not_activated: 0, keys_waiting: 2, coupons_usable: 1, wishes: 1 });
    expect(body.wallet).toEqual({ balance: 12_800, currency: 'CNY', status: 'active' });
    expect(body.points).toEqual({ score: 40, history_score: 60, total_score: 100 });
    expect(body.latest_orders).toHaveLength(3);
    expect(body.latest_orders.map((o: { display_state: string }) => o.display_state)).toEqual(['canceled', 'pending', 'completed']);
    const oldest = body.latest_orders[2];
    expect(oldest).toMatchObject({ state: 'completed', games_count: 1, currency: 'CNY' });
    const all = (await api.native.get('/api/user_center/info', { token: me.token })).json();
    expect(all.latest_orders.some((o: { sku_names: { en: string }[] }) => o.sku_names.some((n) => n.en === 'Alpha'))).toBe(false);
  });

  it('counts a delivered key not yet activated', async () => {
    const me = await makeAccount(t);
    const sku = await makeSku(t);
    await stockKeys(t, sku.id, ['UCENT-NOTAC-00001']);
    await makePaidOrder(t, me.id, [sku]);
    expect((await api.native.get('/api/user_center/info', { token: me.token })).json().counts).toMatchObject({ keys_not_activated: 1, keys_waiting: 0, games_owned: 1 });
  });
});
