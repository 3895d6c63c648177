import { beforeAll, describe, expect, it } from 'vitest';
import { bundleRegularPrice } from '@lantern/domain';
import { and, eq } from 'drizzle-orm';
import { makeAccount, makeEdition, makeProduct, makeSku, names } from '../support/catalog-factories.ts';
import { makeCoupon } from '../support/commerce-factories.ts';
import { makePaidOrder } from '../support/keys-factories.ts';
import { scoreOf } from '../support/payments-factories.ts';
import { editions } from '../../src/modules/catalog/tables.ts';
import { accountCoupons } from '../../src/modules/coupons/tables.ts';
import { bundleOrders } from '../../src/modules/bundles/tables.ts';
import { auditLog } from '../../src/platform/db/platform-tables.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();
let admin: { id: number; token: string };
beforeAll(async () => {
  admin = await makeAccount(t, { role: 'admin' });
});

/** The account's notifications in the centre (the queue reward's `activity` notice, docs/product/messaging.md#activity). */
const noticesOf = async (token: string, area: Area = 'native') => (await api[area].get('/api/messages', { token })).json().messages as Record<string, unknown>[];
const nowSec = () => Math.floor(t.clock.now().getTime() / 1000);
type Area = 'native' | 'abroad';

async function makeBundle(options: { area?: Area; prices?: number[]; pick?: number; price?: number; skuIds?: number[]; from?: number; to?: number } = {}) {
  const { area = 'native', prices = [5800, 6800, 4200, 3000], pick = 3, price = 9900, from = nowSec() - 60, to = nowSec() + 3600 } = options;
  const skuIds = options.skuIds ?? (await Promise.all(prices.map((p) => makeSku(t, { area, listPrice: p })))).map((s) => s.id);
  const res = await api.native.post('/api/admin/bundle_promo_activities', {
    bundle: { area, title: { chs: '任选三款', en: 'Pick 3' }, from_timestamp: from, to_timestamp: to, pick_count: pick, price, sku_ids: skuIds },
  }, { token: admin.token });
  expect(res.statusCode, res.body).toBe(201);
  return { activity: res.json(), skuIds };
}

const orderBundle = (area: Area, token: string, id: number, gameIds: number[]) =>
  api[area].post(`/api/v7/bundle_promo_activities/${id}/order`, { game_ids: gameIds }, { token });

describe('bundle staff API', () => {
  it('is for admins; refuses a bad window, a SKU twice, of the other site, or a pool smaller than the pick', async () => {
    const user = await makeAccount(t);
    const sku = await makeSku(t);
    const abroad = await makeSku(t, { area: 'abroad' });
    const body = (over: Record<string, unknown>) => ({ bundle: { area: 'native', title: { chs: '包', en: 'Bundle' }, from_timestamp: nowSec(), to_timestamp: nowSec() + 60, pick_count: 1, price: 100, sku_ids: [sku.id], ...over } });
    expect((await api.native.post('/api/admin/bundle_promo_activities', body({}), { token: user.token })).statusCode).toBe(403);
    expect((await api.native.post('/api/admin/bundle_promo_activities', body({}))).statusCode).toBe(401);
    const post = async (over: Record<string, unknown>) => (await api.native.post('/api/admin/bundle_promo_activities', body(over), { token: admin.token })).json().errors;
    expect(await post({ to_timestamp: nowSec() })).toEqual({ to_timestamp: ['invalid'] });
    expect(await post({ sku_ids: [sku.id, sku.id] })).toEqual({ sku_ids: ['duplicate'] });
    expect(await post({ sku_ids: [abroad.id] })).toEqual({ sku_ids: ['status_invalid'] });
    expect(await post({ pick_count: 2 })).toEqual({ pick_count: ['pick_count'] });
    expect((await api.native.post('/api/admin/bundle_promo_activities', body({ price: -1 }), { token: admin.token })).statusCode).toBe(422);
  });

  it('edits an activity (closing it takes it off the list) and replaces its pool', async () => {
    const { activity, skuIds } = await makeBundle();
    const patched = await api.native.patch(`/api/admin/bundle_promo_activities/${activity.id}`, { bundle: { price: 8800, sku_ids: skuIds.slice(0, 3) } }, { token: admin.token });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ price: 8800, pick_count: 3 });
    expect(patched.json().game_pool.games.map((g: { id: number }) => g.id)).toEqual(skuIds.slice(0, 3));
    expect((await api.native.patch(`/api/admin/bundle_promo_activities/${activity.id}`, { bundle: { pick_count: 4 } }, { token: admin.token })).json().errors).toEqual({ pick_count: ['pick_count'] });
    expect((await api.native.patch(`/api/admin/bundle_promo_activities/${activity.id}`, { bundle: { closed: true } }, { token: admin.token })).json().closed).toBe(true);
    const list = (await api.native.get('/api/v7/bundle_promo_activities')).json().activities.map((a: { id: number }) => a.id);
    expect(list).not.toContain(activity.id);
    expect((await api.native.patch('/api/admin/bundle_promo_activities/987654321', { bundle: { closed: true } }, { token: admin.token })).statusCode).toBe(404);
    // Every staff call is in the audit log: who changed which activity.
    await expect.poll(async () => (await t.deps.db.select().from(auditLog).where(and(eq(auditLog.route, '/api/admin/bundle_promo_activities/:id'), eq(auditLog.accountId, admin.id)))).length).toBeGreaterThanOrEqual(3);
  });
});

describe('GET bundle activities', () => {
  it('lists the live activities of the site with their pools; one activity by id; the other site cannot see it', async () => {
    const { activity, skuIds } = await makeBundle({ area: 'abroad' });
    const upcoming = (await makeBundle({ area: 'abroad', from: nowSec() + 600, to: nowSec() + 900 })).activity;
    const list = (await api.abroad.get('/api/v7/bundle_promo_activities')).json().activities;
    expect(list.map((a: { id: number }) => a.id)).toContain(activity.id);
    expect(list.map((a: { id: number }) => a.id)).not.toContain(upcoming.id);
    const one = await api.abroad.get(`/api/v7/bundle_promo_activities/${activity.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: activity.id, area: 'abroad', status: 'current', pick_count: 3, price: 9900, currency: 'USD' });
    expect(one.json().game_pool.games[0]).toMatchObject({ id: skuIds[0], product_type: 'game', product_parent_id: null, status: 'sale', sku: { id: skuIds[0], list_price: 5800 } });
    expect((await api.native.get(`/api/v7/bundle_promo_activities/${activity.id}`)).statusCode).toBe(404);
    expect((await api.native.get('/api/v7/bundle_promo_activities/987654321')).statusCode).toBe(404);
  });
});

describe('POST bundle order', () => {
  it('places one order of the picked games at the bundle price, split by regular price to the unit, unpaid for 30 minutes', async () => {
    const { activity, skuIds } = await makeBundle({ prices: [5800, 6800, 4200, 3000], price: 9900 });
    const buyer = await makeAccount(t);
    expect((await orderBundle('native', '', activity.id, skuIds.slice(0, 3))).statusCode).toBe(401);
    const res = await orderBundle('native', buyer.token, activity.id, skuIds.slice(0, 3));
    expect(res.statusCode, res.body).toBe(201);
    const order = (await api.native.get(`/api/me/orders/${res.json().id}`, { token: buyer.token })).json();
    expect(order).toMatchObject({ type: 'one_click', state: 'pending', list_amount: 16800, total_amount: 9900 });
    expect(order.expires_at_timestamp - order.created_at_timestamp).toBe(1800);
    const bySku = new Map(order.order_games.map((g: { sku_id: number; sale_price: number }) => [g.sku_id, g.sale_price]));
    expect([bySku.get(skuIds[0]), bySku.get(skuIds[1]), bySku.get(skuIds[2])]).toEqual([3418, 4007, 2475]);
    const recorded = await t.deps.db.select().from(bundleOrders).where(eq(bundleOrders.orderId, res.json().id));
    expect(recorded).toMatchObject([{ activityId: activity.id, accountId: buyer.id }]);
  });

  it('refuses the wrong count, an id twice, a game outside the pool, an activity not live, another site (404)', async () => {
    const { activity, skuIds } = await makeBundle();
    const other = await makeSku(t);
    const buyer = await makeAccount(t);
    const errors = async (ids: number[], id = activity.id) => (await orderBundle('native', buyer.token, id, ids)).json().errors;
    expect(await errors(skuIds.slice(0, 2))).toEqual({ game_ids: ['pick_count'] });
    expect(await errors(skuIds)).toEqual({ game_ids: ['pick_count'] });
    expect(await errors([skuIds[0]!, skuIds[0]!, skuIds[1]!])).toEqual({ game_ids: ['pick_count'] });
    expect(await errors([skuIds[0]!, skuIds[1]!, other.id])).toEqual({ game_ids: ['not_in_pool'] });
    const later = (await makeBundle({ from: nowSec() + 600, to: nowSec() + 900 }));
    expect(await errors(later.skuIds.slice(0, 3), later.activity.id)).toEqual({ bundle: ['inactive'] });
    await api.native.patch(`/api/admin/bundle_promo_activities/${activity.id}`, { bundle: { closed: true } }, { token: admin.token });
    expect(await errors(skuIds.slice(0, 3))).toEqual({ bundle: ['inactive'] });
    const abroadBuyer = await makeAccount(t, { area: 'abroad' });
    expect((await orderBundle('abroad', abroadBuyer.token, later.activity.id, later.skuIds.slice(0, 3))).statusCode).toBe(404);
    expect((await orderBundle('native', buyer.token, activity.id, [])).statusCode).toBe(422);
  });

  it('refuses two editions of one product (duplicate), a game locked in an open order (locked), one owned (owned)', async () => {
    const product = await makeProduct(t, { name: names('Twin') });
    const standard = await makeSku(t, { productId: product.id, listPrice: 4000 });
    const deluxe = await makeSku(t, { productId: product.id, listPrice: 6000, editionPosition: 1 });
    const third = await makeSku(t, { listPrice: 3000 });
    const fourth = await makeSku(t, { listPrice: 3000 });
    const { activity } = await makeBundle({ skuIds: [standard.id, deluxe.id, third.id, fourth.id], pick: 2, price: 5000 });
    const buyer = await makeAccount(t);
    expect((await orderBundle('native', buyer.token, activity.id, [standard.id, deluxe.id])).json().errors).toEqual({ game_ids: ['duplicate'] });

    const first = await orderBundle('native', buyer.token, activity.id, [standard.id, third.id]);
    expect(first.statusCode).toBe(201);
    const locked = await orderBundle('native', buyer.token, activity.id, [third.id, fourth.id]);
    expect(locked.statusCode).toBe(422);
    expect(locked.json().errors).toEqual({ sku: ['locked'] });
    expect(locked.json().meta.skus).toEqual({ [third.id]: ['locked'] });

    const owner = await makeAccount(t);
    await makePaidOrder(t, owner.id, [fourth]);
    const owned = await orderBundle('native', owner.token, activity.id, [third.id, fourth.id]);
    expect(owned.json().errors).toEqual({ sku: ['owned'] });
  });

  it('tells the pick page which pool games the viewer owns or holds in an unpaid order, before any order is asked for', async () => {
    const owned = await makeSku(t, { listPrice: 3000 });
    const waiting = await makeSku(t, { listPrice: 3000 });
    const free = await makeSku(t, { listPrice: 3000 });
    const { activity } = await makeBundle({ skuIds: [owned.id, waiting.id, free.id], pick: 1, price: 1000 });
    const buyer = await makeAccount(t);
    const holdings = () => api.native.get(`/api/v7/bundle_promo_activities/${activity.id}/holdings`, { token: buyer.token });
    expect((await api.native.get(`/api/v7/bundle_promo_activities/${activity.id}/holdings`)).statusCode).toBe(401);
    expect((await holdings()).json()).toEqual({ owned_game_ids: [], locked_game_ids: [] });
    await makePaidOrder(t, buyer.id, [owned]);
    expect((await api.native.post('/api/orders', { order: { sku_ids: [waiting.id], cate: 'game', type: 'one_click' } }, { token: buyer.token })).statusCode).toBe(201);
    expect((await holdings()).json()).toEqual({ owned_game_ids: [owned.id], locked_game_ids: [waiting.id] });
    expect((await api.native.get('/api/v7/bundle_promo_activities/987654321/holdings', { token: buyer.token })).statusCode).toBe(404);
  });

  it('measures the regular price at today\'s prices, the one the bundle page shows: the order\'s list amount is it', async () => {
    const onSale = await makeSku(t, { listPrice: 6800, salePrice: 3400 });
    const full = await makeSku(t, { listPrice: 5800 });
    const { activity } = await makeBundle({ skuIds: [onSale.id, full.id], pick: 2, price: 8000 });
    const pool = (await api.native.get(`/api/v7/bundle_promo_activities/${activity.id}`)).json().game_pool.games as Array<{ sku: { sale_price: number; list_price: number } }>;
    const shownRegular = bundleRegularPrice(pool.map((g) => g.sku));
    expect(shownRegular).toBe(9200);
    const buyer = await makeAccount(t);
    const res = await orderBundle('native', buyer.token, activity.id, [onSale.id, full.id]);
    const order = (await api.native.get(`/api/me/orders/${res.json().id}`, { token: buyer.token })).json();
    expect(order).toMatchObject({ list_amount: shownRegular, subtotal_amount: 8000, total_amount: 8000 });
    expect(order.order_games.map((g: { list_price: number }) => g.list_price).sort()).toEqual([3400, 5800]);
  });
});

describe('20 parallel bundle orders of one buyer', () => {
  it('make one order; the others hear the game lock', { timeout: 120_000 }, async () => {
    const { activity, skuIds } = await makeBundle();
    const buyer = await makeAccount(t);
    const results = await Promise.all(Array.from({ length: 20 }, () => orderBundle('native', buyer.token, activity.id, skuIds.slice(0, 3))));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 201).every((r) => r.json().errors.sku?.includes('locked'))).toBe(true);
    expect(await t.deps.db.select().from(bundleOrders).where(eq(bundleOrders.accountId, buyer.id))).toHaveLength(1);
  });
});

async function makeQueue(options: { area?: Area; n?: number; points?: number; couponId?: number; from?: number; to?: number } = {}) {
  const { area = 'native', n = 3, from = nowSec() - 60, to = nowSec() + 3600 } = options;
  const skus = await Promise.all(Array.from({ length: n }, () => makeSku(t, { area })));
  const reward = options.couponId !== undefined ? { reward_coupon_id: options.couponId } : { reward_points: options.points ?? 50 };
  const res = await api.native.post('/api/admin/exploring_queues', {
    queue: { area, title: { chs: '探索', en: 'Explore' }, from_timestamp: from, to_timestamp: to, sku_ids: skus.map((s) => s.id), ...reward },
  }, { token: admin.token });
  expect(res.statusCode, res.body).toBe(201);
  return { queue: res.json(), skus };
}

const patchQueue = (token: string, id: number, body: Record<string, unknown>, area: Area = 'native') => api[area].patch(`/api/promotion/queues/${id}`, { queue: body }, { token });
/** Opens each step as the queue page does (GET queue_skus): what the server shows is what the run records. */
async function view(token: string, itemIds: number[], area: Area = 'native') {
  for (const id of itemIds) expect((await api[area].get(`/api/promotion/queue_skus/${id}`, { token })).statusCode).toBe(200);
}

describe('exploring queue staff API', () => {
  it('is for admins; needs exactly one reward, a coupon of the site, SKUs of the site once', async () => {
    const user = await makeAccount(t);
    const sku = await makeSku(t);
    const abroadCoupon = await makeCoupon(t, { area: 'abroad' });
    const body = (over: Record<string, unknown>) => ({ queue: { area: 'native', title: { chs: '探索', en: 'Explore' }, from_timestamp: nowSec(), to_timestamp: nowSec() + 60, sku_ids: [sku.id], reward_points: 10, ...over } });
    expect((await api.native.post('/api/admin/exploring_queues', body({}), { token: user.token })).statusCode).toBe(403);
    const post = async (over: Record<string, unknown>) => (await api.native.post('/api/admin/exploring_queues', body(over), { token: admin.token })).json().errors;
    expect(await post({ reward_coupon_id: 5 })).toEqual({ reward: ['invalid'] });
    expect(await post({ reward_points: undefined })).toEqual({ reward: ['invalid'] });
    expect(await post({ reward_points: undefined, reward_coupon_id: abroadCoupon.id })).toEqual({ reward_coupon_id: ['invalid'] });
    expect(await post({ sku_ids: [sku.id, sku.id] })).toEqual({ sku_ids: ['duplicate'] });
    expect(await post({ to_timestamp: nowSec() - 10 })).toEqual({ to_timestamp: ['invalid'] });
    const { queue } = await makeQueue();
    const edited = await api.native.patch(`/api/admin/exploring_queues/${queue.id}`, { queue: { title: { chs: '新', en: 'New' } } }, { token: admin.token });
    expect(edited.json().title).toEqual({ chs: '新', en: 'New' });
    expect((await api.native.patch('/api/admin/exploring_queues/987654321', { queue: { closed: true } }, { token: admin.token })).statusCode).toBe(404);
  });
});

describe('exploring queues', () => {
  it('shows a queue with the viewer\'s progress, lists live queues (by SKU too), one item with its neighbours', async () => {
    const { queue, skus } = await makeQueue({ n: 3, points: 30 });
    const visitor = (await api.native.get(`/api/promotion/queues/${queue.id}`)).json();
    expect(visitor).toMatchObject({ id: queue.id, status: 'current', reward: { kind: 'points', points: 30, coupon: null }, progress: null });
    expect(visitor.items.map((i: { sku_id: number }) => i.sku_id)).toEqual(skus.map((s) => s.id));
    const bySku = (await api.native.get('/api/promotion/queues', { query: { sku_id: String(skus[1]!.id) } })).json().queues;
    expect(bySku.map((q: { id: number }) => q.id)).toEqual([queue.id]);
    expect((await api.native.get('/api/promotion/queues', { query: { sku_id: '987654321' } })).json()).toEqual({ queues: [] });
    expect((await api.native.get('/api/promotion/queues')).json().queues.map((q: { id: number }) => q.id)).toContain(queue.id);
    expect((await api.abroad.get(`/api/promotion/queues/${queue.id}`)).statusCode).toBe(404);
    const middle = visitor.items[1];
    const item = (await api.native.get(`/api/promotion/queue_skus/${middle.id}`)).json();
    expect(item).toMatchObject({ id: middle.id, queue_id: queue.id, sku_id: skus[1]!.id, sku: { id: skus[1]!.id }, previous_item_id: visitor.items[0].id, next_item_id: visitor.items[2].id });
    expect((await api.native.get('/api/promotion/queue_skus/987654321')).statusCode).toBe(404);
    expect((await api.abroad.get(`/api/promotion/queue_skus/${middle.id}`)).statusCode).toBe(404);
  });

  it('starts a run, records viewed items, refuses completing early (not_completed), rewards once, then answers completed', async () => {
    const { queue } = await makeQueue({ n: 3, points: 40 });
    const user = await makeAccount(t);
    expect((await api.native.post(`/api/promotion/queues/${queue.id}/start`, {})).statusCode).toBe(401);
    const started = await api.native.post(`/api/promotion/queues/${queue.id}/start`, {}, { token: user.token });
    expect(started.statusCode).toBe(200);
    expect(started.json().progress).toMatchObject({ viewed_item_ids: [], completed: false, completed_timestamp: null });
    const [a, b, c] = queue.items.map((i: { id: number }) => i.id);
    await view(user.token, [a, b]);
    expect((await patchQueue(user.token, queue.id, { viewed_item_ids: [a, b] })).json().progress.viewed_item_ids).toEqual([a, b]);
    const early = await patchQueue(user.token, queue.id, { complete: true });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual({ queue: ['not_completed'] });
    expect((await patchQueue(user.token, queue.id, { viewed_item_ids: [987654321] })).json().errors).toEqual({ viewed_item_ids: ['invalid'] });
    const before = await scoreOf(t, user.id);
    await view(user.token, [c]);
    const done = await patchQueue(user.token, queue.id, { viewed_item_ids: [c], complete: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().progress).toMatchObject({ completed: true });
    expect(await scoreOf(t, user.id)).toBe(before + 40);
    expect(await noticesOf(user.token)).toEqual([expect.objectContaining({ kind: 'activity', detail: 'queue_reward', actor: null, target_type: 'ExploringQueue', target_id: queue.id, href: `/queues/${queue.id}` })]);
    const again = await patchQueue(user.token, queue.id, { complete: true });
    expect(again.json().errors).toEqual({ queue: ['completed'] });
    expect(await scoreOf(t, user.id)).toBe(before + 40);
    // Starting again keeps the finished run.
    expect((await api.native.post(`/api/promotion/queues/${queue.id}/start`, {}, { token: user.token })).json().progress.completed).toBe(true);
  });

  it('gives a coupon reward; a queue not live answers inactive; a missing one 404', async () => {
    const coupon = await makeCoupon(t, { area: 'abroad' });
    const { queue } = await makeQueue({ area: 'abroad', n: 2, couponId: coupon.id });
    expect(queue.reward).toMatchObject({ kind: 'coupon', points: null, coupon: { id: coupon.id } });
    const user = await makeAccount(t, { area: 'abroad' });
    const ids = queue.items.map((i: { id: number }) => i.id);
    await view(user.token, ids, 'abroad');
    const done = await patchQueue(user.token, queue.id, { viewed_item_ids: ids, complete: true }, 'abroad');
    expect(done.statusCode, done.body).toBe(200);
    const held = await t.deps.db.select().from(accountCoupons).where(and(eq(accountCoupons.accountId, user.id), eq(accountCoupons.couponId, coupon.id)));
    expect(held).toHaveLength(1);
    expect((await noticesOf(user.token, 'abroad')).map((m) => m.detail)).toEqual(['queue_reward']);

    const later = (await makeQueue({ from: nowSec() + 600, to: nowSec() + 900 })).queue;
    const other = await makeAccount(t);
    expect((await api.native.post(`/api/promotion/queues/${later.id}/start`, {}, { token: other.token })).json().errors).toEqual({ queue: ['inactive'] });
    expect((await patchQueue(other.token, later.id, { complete: true })).json().errors).toEqual({ queue: ['inactive'] });
    expect((await api.native.post('/api/promotion/queues/987654321/start', {}, { token: other.token })).statusCode).toBe(404);
  });

  it('a coupon run out refuses the completion and writes nothing', async () => {
    const coupon = await makeCoupon(t, { leftAmount: 0 });
    const { queue } = await makeQueue({ n: 1, couponId: coupon.id });
    const user = await makeAccount(t);
    await view(user.token, [queue.items[0].id]);
    const res = await patchQueue(user.token, queue.id, { viewed_item_ids: [queue.items[0].id], complete: true });
    expect(res.json().errors).toEqual({ reward: ['exhausted'] });
    expect((await api.native.get(`/api/promotion/queues/${queue.id}`, { token: user.token })).json().progress).toMatchObject({ completed: false });
    expect(await noticesOf(user.token)).toEqual([]);
  });

  it('20 parallel completes of one run give one reward', { timeout: 120_000 }, async () => {
    const { queue } = await makeQueue({ n: 2, points: 25 });
    const user = await makeAccount(t);
    const ids = queue.items.map((i: { id: number }) => i.id);
    await view(user.token, ids);
    const before = await scoreOf(t, user.id);
    const results = await Promise.all(Array.from({ length: 20 }, () => patchQueue(user.token, queue.id, { complete: true })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).map((r) => JSON.stringify(r.json().errors))).toEqual(Array(19).fill(JSON.stringify({ queue: ['completed'] })));
    expect(await scoreOf(t, user.id)).toBe(before + 25);
    expect(await noticesOf(user.token)).toHaveLength(1);
  });

  it('20 parallel first completes (no run yet) give one reward', { timeout: 120_000 }, async () => {
    const { queue } = await makeQueue({ n: 2, points: 25 });
    const user = await makeAccount(t);
    const ids = queue.items.map((i: { id: number }) => i.id);
    const before = await scoreOf(t, user.id);
    // Each of the 20 opens the steps and completes at once, none of them having a run before.
    const results = await Promise.all(Array.from({ length: 20 }, async () => {
      await Promise.all(ids.map((id: number) => api.native.get(`/api/promotion/queue_skus/${id}`, { token: user.token })));
      return patchQueue(user.token, queue.id, { viewed_item_ids: ids, complete: true });
    }));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await scoreOf(t, user.id)).toBe(before + 25);
  });
});

describe('GET /api/v1/preview/editions/{id}', () => {
  it('answers the product\'s editions with prices and what each holds; an unknown or other-site SKU is a 404', async () => {
    const product = await makeProduct(t, { name: names('Saga') });
    const standard = await makeSku(t, { productId: product.id, listPrice: 6800, edition: names('Standard', '标准版') });
    const deluxe = await makeSku(t, { productId: product.id, listPrice: 9800, salePrice: 8800, editionPosition: 1, edition: names('Deluxe', '豪华版') });
    await makeEdition(t, deluxe.id);
    const res = await api.native.get(`/api/v1/preview/editions/${standard.id}`, { query: { app_id: 'lantern' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ sku_id: standard.id, product_id: product.id });
    expect(res.json().editions).toEqual([
      expect.objectContaining({ sku_id: standard.id, edition: { en: 'Standard', chs: '标准版' }, list_price: 6800, sale_price: 6800, currency: 'CNY', includes: { chs: '', en: '' } }),
      expect.objectContaining({ sku_id: deluxe.id, list_price: 9800, sale_price: 8800 }),
    ]);
    const [stored] = await t.deps.db.select().from(editions).where(eq(editions.skuId, deluxe.id));
    expect(res.json().editions[1].includes.en).toBe(stored!.details.en.summary);
    expect((await api.native.get('/api/v1/preview/editions/987654321')).statusCode).toBe(404);
    expect((await api.abroad.get(`/api/v1/preview/editions/${standard.id}`)).statusCode).toBe(404);
  });
});
