import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { NOTIFICATIONS_API } from '@lantern/contract';
import { makeAccount } from '../support/catalog-factories.ts';
import { listenToLive } from '../support/live-listener.ts';
import { logStatements, type StatementLog } from '../support/statement-counter.ts';
import { awardScore } from '../../src/modules/accounts/index.ts';
import { coupons } from '../../src/modules/coupons/tables.ts';
import { openAlone } from '../../src/modules/red-packets/packets.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * A lottery prize won and a red-packet part opened reach the person (docs/product/messaging.md#lottery-prize,
 * #red-packet-opened): an `activity` notice written in the draw's or the opening's transaction, on the path alone
 * and on the grouped rush path (one notify statement for the group), pushed live after the commit; the sharer is
 * told once per packet while unread, counting the openers. And the event's latest openings, public
 * (docs/product/deals.md#red-packet-event-openings).
 */
const { t, api } = useTestApp();
let admin: { native: { id: number; token: string }; abroad: { id: number; token: string } };
let log: StatementLog;
beforeAll(async () => {
  // A session belongs to one site: staff of each.
  admin = { native: await makeAccount(t, { role: 'admin' }), abroad: await makeAccount(t, { role: 'admin', area: 'abroad' }) };
  log = logStatements(t.database);
});
afterAll(async () => {
  log.stop();
});

type Account = { id: number; token: string };
type Notice = { kind: string; detail: string | null; actor: { id: number } | null; actor_count: number; excerpt: string; href: string; target_type: string | null; read: boolean; id: number };
const nowSec = () => Math.floor(t.clock.now().getTime() / 1000);
const inbox = async (who: Account, site: 'native' | 'abroad' = 'native') =>
  (await api[site].get(NOTIFICATIONS_API.messages, { token: who.token })).json().messages as Notice[];
const activityNotices = async (who: Account, detail: string, site: 'native' | 'abroad' = 'native') =>
  (await inbox(who, site)).filter((n) => n.kind === 'activity' && n.detail === detail);
/** The one statement that writes notifications (decisions/0027): it reads what was asked from one jsonb value. */
const isNotify = (statement: string) => /^WITH asked AS \( SELECT \* FROM jsonb_to_recordset/.test(statement);

async function lottery(prizes: Record<string, unknown>[], area: 'native' | 'abroad' = 'native') {
  const res = await api[area].post('/api/admin/lottery_activities', {
    lottery_activity: { area, mode: 'points', title: { chs: '幸运抽奖', en: 'Lucky draw' }, from_timestamp: nowSec() - 60, to_timestamp: nowSec() + 3600, cost_points: 10, prizes },
  }, { token: admin[area].token });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}
const pointsPrize = (count: number) => ({ kind: 'points', title: { chs: '5 积分', en: '5 points' }, points: 5, value: 5, weight: 1, count });

async function player(points = 100, area: 'native' | 'abroad' = 'native') {
  const account = await makeAccount(t, { area });
  if (points > 0) await awardScore(t.deps.db, account.id, points, 'test');
  return account;
}
const draw = (who: Account, id: number, area: 'native' | 'abroad' = 'native') => api[area].post(`/api/lottery_activities/${id}/draws`, undefined, { token: who.token });

describe('a lottery prize won', () => {
  it('drawn alone (an activity with a coupon prize): one notice in the draw\'s transaction, pushed live; a refused draw tells nothing', async () => {
    const now = t.clock.now();
    const [coupon] = await t.deps.db.insert(coupons).values({
      area: 'abroad', title: { chs: '抽奖券', en: 'Lottery coupon' }, discountType: 'amount', value: 200, minimumOrder: 0, validFrom: now,
      validUntil: new Date(now.getTime() + 30 * 86_400_000), applyTo: { include_sku_ids: [], include_product_ids: [], exclude_sku_ids: [], exclude_product_ids: [] },
      totalAmount: 50, leftAmount: 50, code: `LOTTERY-${randomBytes(6).toString('hex')}`, needCaptcha: true, createdAt: now,
    }).returning({ id: coupons.id });
    const id = await lottery([{ kind: 'coupon', title: { chs: '$2 券', en: '$2 coupon' }, coupon_id: coupon!.id, value: 200, weight: 1, count: 5 }], 'abroad');
    const winner = await player(100, 'abroad');
    const live = await listenToLive(t.deps.kv);
    const res = await draw(winner, id, 'abroad');
    expect(res.statusCode, res.body).toBe(201);

    const notices = await activityNotices(winner, 'lottery_prize', 'abroad');
    expect(notices).toEqual([expect.objectContaining({ actor: null, actor_count: 1, excerpt: 'Lucky draw: $2 coupon', href: `/lottery/${id}`, target_type: 'LotteryDraw', read: false })]);
    await live.until((heard) => heard.some((e) => e.accountId === winner.id && e.type === 'notification'));
    expect(live.heard.find((e) => e.accountId === winner.id)!.data).toMatchObject({ kind: 'activity', detail: 'lottery_prize', badges: { notifications: 1 }, bar: { href: `/lottery/${id}` } });
    await live.stop();

    // Without the points a draw costs: refused, rolled back, nobody told.
    const poor = await player(0, 'abroad');
    expect((await draw(poor, id, 'abroad')).json().errors).toEqual({ points: ['no_grade_left'] });
    expect(await inbox(poor, 'abroad')).toEqual([]);
  });

  it('drawn in a rush (the group lanes): every winner told once, one notify statement per group, not one per draw', async () => {
    const id = await lottery([pointsPrize(100)]);
    const players: Account[] = [];
    for (let i = 0; i < 12; i++) players.push(await player());
    const burst = await log.during(() => Promise.all(players.map((p) => draw(p, id))));
    expect(burst.result.map((r) => r.statusCode)).toEqual(Array(12).fill(201));

    for (const p of players) {
      const notices = await activityNotices(p, 'lottery_prize');
      expect(notices).toEqual([expect.objectContaining({ excerpt: '幸运抽奖: 5 积分', href: `/lottery/${id}` })]);
    }
    const groups = burst.statements.filter((s) => /^insert into "lottery_draws"/i.test(s)).length;
    const notifies = burst.statements.filter(isNotify).length;
    expect(groups).toBeGreaterThan(0);
    expect(notifies, burst.statements.join('\n')).toBe(groups);
    expect(groups).toBeLessThan(players.length);
  });
});

async function redPacketEvent(parts: number, amount: number, area: 'native' | 'abroad' = 'native', title = { chs: '新春红包', en: 'New year packets' }) {
  const res = await api[area].post('/api/admin/red_packet_events', {
    event: { area, title, amount, parts, packet_count: 50, from_timestamp: nowSec() - 60, to_timestamp: nowSec() + 3600 },
  }, { token: admin[area].token });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}
async function sharedPacket(eventId: number, area: 'native' | 'abroad' = 'native') {
  const sharer = await makeAccount(t, { area });
  const rid = (await api[area].post(`/api/events/${eventId}/red_packets`, undefined, { token: sharer.token })).json().red_packet.id as number;
  const sid = (await api[area].get(`/api/events/${eventId}/red_packets/${rid}/shares/new`, { token: sharer.token })).json().red_packet_share.id as string;
  return { sharer, rid, sid };
}
const open = (eventId: number, rid: number, sid: string, who: Account, area: 'native' | 'abroad' = 'native') =>
  api[area].post(`/api/events/${eventId}/red_packets/${rid}/shares/${sid}/opens`, undefined, { token: who.token });
const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;

describe('a red-packet part opened', () => {
  it('alone: the opener is told what was credited, the sharer who opened it; both in the opening\'s transaction, pushed live', async () => {
    const eventId = await redPacketEvent(4, 400);
    const { sharer, rid, sid } = await sharedPacket(eventId);
    const opener = await makeAccount(t);
    const live = await listenToLive(t.deps.kv);
    const answer = await openAlone(t.deps, 'native', eventId, rid, sid, opener.id);
    const amount = answer.red_packet_open.amount;

    expect(await activityNotices(opener, 'red_packet_opened')).toEqual([
      expect.objectContaining({ actor: null, excerpt: `+${yuan(amount)} · 新春红包`, href: `/events/${eventId}`, target_type: 'RedPacketPart' }),
    ]);
    expect(await activityNotices(sharer, 'red_packet_shared')).toEqual([
      expect.objectContaining({ actor: expect.objectContaining({ id: opener.id }), actor_count: 1, excerpt: '新春红包', href: `/events/${eventId}`, target_type: 'RedPacket' }),
    ]);
    await live.until((heard) => [opener.id, sharer.id].every((id) => heard.some((e) => e.accountId === id)));
    expect(live.heard.find((e) => e.accountId === sharer.id)!.data).toMatchObject({ detail: 'red_packet_shared', bar: { count: 1 } });
    await live.stop();
  });

  it('in a burst (the group lanes): each opener told once; the sharer\'s one unread notice counts them all; one notify statement a group', async () => {
    const eventId = await redPacketEvent(20, 2_000);
    const { sharer, rid, sid } = await sharedPacket(eventId);
    const openers: Account[] = [];
    for (let i = 0; i < 12; i++) openers.push(await makeAccount(t));
    // The first opening alone, then the rest at once: they join the same unread notice.
    expect((await open(eventId, rid, sid, openers[0]!)).statusCode).toBe(201);
    const burst = await log.during(() => Promise.all(openers.slice(1).map((o) => open(eventId, rid, sid, o))));
    expect(burst.result.map((r) => r.statusCode)).toEqual(Array(11).fill(201));

    for (const [i, o] of openers.entries()) {
      const notices = await activityNotices(o, 'red_packet_opened');
      expect(notices, `opener ${i}`).toHaveLength(1);
    }
    const shared = await activityNotices(sharer, 'red_packet_shared');
    expect(shared).toHaveLength(1);
    expect(shared[0]).toMatchObject({ actor_count: 12, read: false });
    expect((await api.native.get('/api/me', { token: sharer.token })).json().badges).toMatchObject({ notifications: 1 });

    // A group claims its parts in one statement (modules/red-packets/open-group.ts, `WITH who AS`).
    const groups = burst.statements.filter((s) => /WITH who AS/.test(s)).length;
    const notifies = burst.statements.filter(isNotify).length;
    expect(notifies, burst.statements.join('\n')).toBe(groups);
    expect(groups).toBeLessThan(11);

    // Read, the next opening starts a new notice.
    await api.native.patch(NOTIFICATIONS_API.service, { all: true }, { token: sharer.token });
    expect((await open(eventId, rid, sid, await makeAccount(t))).statusCode).toBe(201);
    const after = await activityNotices(sharer, 'red_packet_shared');
    expect(after.map((n) => [n.actor_count, n.read])).toEqual([[1, false], [12, true]]);
  });

  it('tells nobody of a refused opening, nor a sharer who turned activity notices off', async () => {
    const eventId = await redPacketEvent(1, 100);
    const { sharer, rid, sid } = await sharedPacket(eventId);
    expect((await api.native.post(NOTIFICATIONS_API.settings, { accounts_notification: { kinds: { activity: false } } }, { token: sharer.token })).statusCode).toBe(200);
    const [first, late] = [await makeAccount(t), await makeAccount(t)];
    expect((await open(eventId, rid, sid, first)).statusCode).toBe(201);
    expect((await open(eventId, rid, sid, late)).json().errors).toEqual({ red_packet: ['open_limit'] });
    expect(await activityNotices(first, 'red_packet_opened')).toHaveLength(1);
    expect(await inbox(late)).toEqual([]);
    expect(await inbox(sharer)).toEqual([]);
  });
});

describe('GET /api/events/{id}/openings', () => {
  it('lists the latest openings across the event\'s packets, newest first, with the opener\'s public face only', async () => {
    const eventId = await redPacketEvent(3, 300, 'abroad', { chs: '红包', en: 'Packets' });
    const other = await redPacketEvent(3, 300, 'abroad');
    const a = await sharedPacket(eventId, 'abroad');
    const b = await sharedPacket(eventId, 'abroad');
    const c = await sharedPacket(other, 'abroad');
    const openers: Account[] = [];
    for (let i = 0; i < 7; i++) openers.push(await makeAccount(t, { area: 'abroad' }));
    const amounts: number[] = [];
    for (const [i, o] of openers.entries()) {
      const packet = i % 2 === 0 ? a : b;
      const res = await open(eventId, packet.rid, packet.sid, o, 'abroad');
      if (res.statusCode === 201) amounts.push(res.json().red_packet_open.amount);
      t.clock.advance(1);
    }
    expect(amounts).toHaveLength(6);
    expect((await open(other, c.rid, c.sid, openers[0]!, 'abroad')).statusCode).toBe(201);

    const res = await api.abroad.get(`/api/events/${eventId}/openings?limit=4`);
    expect(res.statusCode, res.body).toBe(200);
    const openings = res.json().openings as Record<string, unknown>[];
    expect(openings).toHaveLength(4);
    expect(openings.map((o) => o.amount)).toEqual(amounts.slice(-4).reverse());
    const times = openings.map((o) => o.opened_at_timestamp as number);
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    for (const o of openings) {
      expect(Object.keys(o).sort()).toEqual(['account', 'amount', 'currency', 'id', 'opened_at_timestamp']);
      expect(Object.keys(o.account as object).sort()).toEqual(['avatar_url', 'nickname']);
      expect(o.currency).toBe('USD');
    }
    expect(JSON.stringify(res.json())).not.toContain(a.sid);

    // Five by default; every opening when fewer; an event nobody opened has none.
    expect((await api.abroad.get(`/api/events/${eventId}/openings`)).json().openings).toHaveLength(5);
    expect((await api.abroad.get(`/api/events/${eventId}/openings?limit=20`)).json().openings).toHaveLength(6);
    const quiet = await redPacketEvent(2, 200, 'abroad');
    expect((await api.abroad.get(`/api/events/${quiet}/openings`)).json()).toEqual({ openings: [] });
  });

  it('refuses a limit out of bounds or not a number (422), and is 404 for an unknown event or another site\'s', async () => {
    const eventId = await redPacketEvent(2, 200);
    for (const limit of ['0', '21', '-1', 'many', '2.5']) {
      const res = await api.native.get(`/api/events/${eventId}/openings?limit=${limit}`);
      expect(res.statusCode, limit).toBe(422);
      expect(Object.keys(res.json().errors), limit).toEqual(['limit']);
    }
    expect((await api.native.get('/api/events/99999999/openings')).statusCode).toBe(404);
    expect((await api.abroad.get(`/api/events/${eventId}/openings`)).statusCode).toBe(404);
    expect((await api.native.get('/api/events/abc/openings')).statusCode).toBeLessThan(500);
  });
});
