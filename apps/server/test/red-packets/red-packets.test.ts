import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { auditLog } from '../../src/platform/db/platform-tables.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { accounts } from '../../src/modules/accounts/tables.ts';
import { redPacketParts } from '../../src/modules/red-packets/tables.ts';
import { useTestApp } from '../support/test-app.ts';

/** Every call and reason of red packets (docs/product/deals.md#red-packets), on PGlite and on PostgreSQL. */
const { t, api } = useTestApp();
let admin: { id: number; token: string };
beforeAll(async () => {
  admin = await makeAccount(t, { role: 'admin' });
});

const nowSec = () => Math.floor(t.clock.now().getTime() / 1000);
const title = { chs: '新春红包', en: 'New Year red packets' };
type Res = { statusCode: number; body: string; json(): { errors?: unknown } };
const reason = (res: Res) => res.json().errors;

async function makeEvent(body: Record<string, unknown> = {}) {
  const res = await api.native.post('/api/admin/red_packet_events', {
    event: { area: 'native', title, amount: 1000, parts: 5, packet_count: 100, from_timestamp: nowSec() - 60, to_timestamp: nowSec() + 3600, ...body },
  }, { token: admin.token });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; area: string };
}

const take = (token: string, eventId: number) => api.native.post(`/api/events/${eventId}/red_packets`, undefined, { token });
async function takeAndShare(eventId: number) {
  const sharer = await makeAccount(t);
  const taken = await take(sharer.token, eventId);
  expect(taken.statusCode, taken.body).toBe(201);
  const rid = taken.json().red_packet.id as number;
  const share = await api.native.get(`/api/events/${eventId}/red_packets/${rid}/shares/new`, { token: sharer.token });
  expect(share.statusCode, share.body).toBe(200);
  return { sharer, rid, sid: share.json().red_packet_share.id as string };
}
const open = (token: string, eventId: number, rid: number, sid: string) => api.native.post(`/api/events/${eventId}/red_packets/${rid}/shares/${sid}/opens`, undefined, { token });

describe('staff: red-packet events', () => {
  it('are created by admins only, with terms that give every part a cent and a window that ends after it starts', async () => {
    const user = await makeAccount(t);
    const body = { event: { area: 'native', title, amount: 1000, parts: 5, packet_count: 10, from_timestamp: nowSec(), to_timestamp: nowSec() + 60 } };
    expect((await api.native.post('/api/admin/red_packet_events', body)).statusCode).toBe(401);
    expect((await api.native.post('/api/admin/red_packet_events', body, { token: user.token })).statusCode).toBe(403);
    const post = (event: Record<string, unknown>) => api.native.post('/api/admin/red_packet_events', { event: { ...body.event, ...event } }, { token: admin.token });
    expect(reason(await post({ amount: 4 }))).toEqual({ amount: ['invalid'] });
    expect(reason(await post({ parts: 101 }))).toEqual({ parts: ['invalid'] });
    expect(reason(await post({ to_timestamp: nowSec() - 10 }))).toEqual({ to_timestamp: ['invalid'] });
    expect((await post({ amount: 'lots' })).statusCode).toBe(422);
    const created = await post({});
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ amount: 1000, parts: 5, currency: 'CNY', packet_count: 10, packets_left: 10, status: 'current', red_packets: [] });
  });

  it('are changed and closed by admins, and the change is in the audit log', async () => {
    const event = await makeEvent();
    const patched = await api.native.patch(`/api/admin/red_packet_events/${event.id}`, { event: { closed: true } }, { token: admin.token });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().status).toBe('end');
    expect((await api.native.patch(`/api/admin/red_packet_events/${event.id}`, { event: {} }, { token: admin.token })).statusCode).toBe(422);
    expect((await api.native.patch('/api/admin/red_packet_events/987654321', { event: { closed: true } }, { token: admin.token })).statusCode).toBe(404);
    // Written just after the answer, so polled for.
    await expect.poll(async () => (await t.deps.db.select().from(auditLog).where(and(eq(auditLog.accountId, admin.id), like(auditLog.route, '/api/admin/red_packet_events%')))).length).toBeGreaterThanOrEqual(3);
  });
});

describe('GET /api/events/{id} and taking a packet', () => {
  it('shows the event to a visitor; 404 for an unknown event or one of the other site', async () => {
    const event = await makeEvent();
    const res = await api.native.get(`/api/events/${event.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().event).toMatchObject({ id: event.id, title, status: 'current', red_packets: [] });
    expect(reason(await api.native.get('/api/events/987654321'))).toEqual({ event: ['not_found'] });
    const live = (await api.native.get('/api/red_packet_events')).json().events.map((e: { id: number }) => e.id);
    expect(live).toContain(event.id);
    expect((await api.abroad.get('/api/red_packet_events')).json().events.map((e: { id: number }) => e.id)).not.toContain(event.id);
    expect((await api.abroad.get(`/api/events/${event.id}`)).statusCode).toBe(404);
  });

  it('takes the packet: split into its parts exactly; the event reloads with it; a second take is own_limit; 401 without a session', async () => {
    const event = await makeEvent({ amount: 888, parts: 8 });
    expect((await api.native.post(`/api/events/${event.id}/red_packets`)).statusCode).toBe(401);
    const sharer = await makeAccount(t);
    const taken = await take(sharer.token, event.id);
    expect(taken.statusCode).toBe(201);
    const packet = taken.json().red_packet;
    expect(packet).toMatchObject({ amount: 888, parts: 8, currency: 'CNY', opened_count: 0, role: 'sharer', my_part: null, sharer: { id: sharer.id } });
    const parts = await t.deps.db.select().from(redPacketParts).where(eq(redPacketParts.packetId, packet.id));
    expect(parts).toHaveLength(8);
    expect(parts.reduce((s, p) => s + p.amount, 0)).toBe(888);
    expect(parts.every((p) => p.amount >= 1 && p.openerId === null)).toBe(true);
    const reloaded = (await api.native.get(`/api/events/${event.id}`, { token: sharer.token })).json().event;
    expect(reloaded.packets_left).toBe(99);
    expect(reloaded.red_packets).toEqual([packet]);
    expect(reason(await take(sharer.token, event.id))).toEqual({ red_packet: ['own_limit'] });
  });

  it('answers access_wait (429) to an account taking too fast, before anything else is compared', async () => {
    const event = await makeEvent();
    const hasty = await makeAccount(t);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await take(hasty.token, event.id));
    expect(answers.map((r) => r.statusCode)).toEqual([201, 422, 422, 422, 422, 429]);
    expect(reason(answers[5]!)).toEqual({ base: ['access_wait'] });
    expect(answers[5]!.json().meta.retry_after).toBeGreaterThan(0);
  });

  it('refuses a take before the event starts, after it ends or is closed, and when no packet is left', async () => {
    const user = await makeAccount(t);
    const later = await makeEvent({ from_timestamp: nowSec() + 600, to_timestamp: nowSec() + 1200 });
    expect(reason(await take(user.token, later.id))).toEqual({ red_packet: ['not_in_period'] });
    const closed = await makeEvent();
    await api.native.patch(`/api/admin/red_packet_events/${closed.id}`, { event: { closed: true } }, { token: admin.token });
    expect(reason(await take(user.token, closed.id))).toEqual({ red_packet: ['already_end'] });
    const one = await makeEvent({ packet_count: 1 });
    expect((await take((await makeAccount(t)).token, one.id)).statusCode).toBe(201);
    expect(reason(await take(user.token, one.id))).toEqual({ red_packet: ['exhausted'] });
  });
});

describe('sharing and opening', () => {
  it('GET …/red_packets/{rid}: the sharer sees it; another account, a visitor, another event: 404', async () => {
    const event = await makeEvent();
    const { sharer, rid } = await takeAndShare(event.id);
    expect((await api.native.get(`/api/events/${event.id}/red_packets/${rid}`, { token: sharer.token })).json().red_packet).toMatchObject({ id: rid, role: 'sharer' });
    const other = await makeAccount(t);
    expect((await api.native.get(`/api/events/${event.id}/red_packets/${rid}`, { token: other.token })).statusCode).toBe(404);
    expect((await api.native.get(`/api/events/${event.id}/red_packets/${rid}`)).statusCode).toBe(404);
    const another = await makeEvent();
    expect((await api.native.get(`/api/events/${another.id}/red_packets/${rid}`, { token: sharer.token })).statusCode).toBe(404);
  });

  it('GET …/shares/new gives the sharer the share link; anyone else 404, a visitor 401', async () => {
    const event = await makeEvent();
    const { rid, sid } = await takeAndShare(event.id);
    expect(sid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const other = await makeAccount(t);
    expect((await api.native.get(`/api/events/${event.id}/red_packets/${rid}/shares/new`, { token: other.token })).statusCode).toBe(404);
    expect((await api.native.get(`/api/events/${event.id}/red_packets/${rid}/shares/new`)).statusCode).toBe(401);
  });

  it('GET …/shares/{sid} tells the sharer, a recipient and a visitor apart; a wrong token is 404', async () => {
    const event = await makeEvent();
    const { sharer, rid, sid } = await takeAndShare(event.id);
    const url = `/api/events/${event.id}/red_packets/${rid}/shares/${sid}`;
    const recipient = await makeAccount(t);
    expect((await api.native.get(url)).json().red_packet_share.red_packet.role).toBe('visitor');
    expect((await api.native.get(url, { token: sharer.token })).json().red_packet_share.red_packet.role).toBe('sharer');
    const seen = (await api.native.get(url, { token: recipient.token })).json().red_packet_share;
    expect(seen).toMatchObject({ id: sid, red_packet_id: rid, event_id: event.id, path: `/events/${event.id}/red_packets/${rid}/shares/${sid}`, red_packet: { role: 'recipient', my_part: null } });
    expect((await api.native.get(`/api/events/${event.id}/red_packets/${rid}/shares/not-the-token`)).statusCode).toBe(404);
    expect((await api.native.get(`/api/events/${event.id}/red_packets/${rid}/shares/${'x'.repeat(65)}`)).statusCode).toBe(422);
  });

  it('opens a part into the opener\'s wallet, with a red_packet ledger row; the share reloads with it', async () => {
    const event = await makeEvent({ amount: 500, parts: 2 });
    const { sharer, rid, sid } = await takeAndShare(event.id);
    const recipient = await makeAccount(t);
    expect((await open('', event.id, rid, sid)).statusCode).toBe(401);
    const opened = await open(recipient.token, event.id, rid, sid);
    expect(opened.statusCode, opened.body).toBe(201);
    const { red_packet_open: part, red_packet_share: share } = opened.json();
    expect(part.currency).toBe('CNY');
    expect(part.amount).toBeGreaterThanOrEqual(1);
    expect(part.balance_after).toBe(part.amount);
    expect(share.red_packet).toMatchObject({ role: 'recipient', my_part: part.amount, opened_count: 1, opened_amount: part.amount });
    const ledger = (await api.native.get('/api/me/wallet_entries', { token: recipient.token })).json();
    expect(ledger.wallet_entries).toMatchObject([{ delta: part.amount, balance_after: part.amount, reason: 'red_packet', order_id: null }]);
    expect(ledger.meta).toMatchObject({ balance: part.amount, recorded_balance: part.amount });
    // The recipient now sees the packet itself too; the sharer sees it opened.
    expect((await api.native.get(`/api/events/${event.id}/red_packets/${rid}`, { token: recipient.token })).json().red_packet.my_part).toBe(part.amount);
    expect((await api.native.get(`/api/events/${event.id}`, { token: sharer.token })).json().event.red_packets[0].opened_count).toBe(1);
  });

  it('refuses in order: opened (already received), unqualified (the sharer; an account too old for a new-accounts event), open_limit, already_end, 404 for a wrong share', async () => {
    const event = await makeEvent({ amount: 200, parts: 2 });
    const { sharer, rid, sid } = await takeAndShare(event.id);
    const first = await makeAccount(t);
    expect((await open(first.token, event.id, rid, sid)).statusCode).toBe(201);
    expect(reason(await open(first.token, event.id, rid, sid))).toEqual({ red_packet: ['opened'] });
    expect(reason(await open(sharer.token, event.id, rid, sid))).toEqual({ red_packet: ['unqualified'] });
    expect((await open((await makeAccount(t)).token, event.id, rid, sid)).statusCode).toBe(201);
    expect(reason(await open((await makeAccount(t)).token, event.id, rid, sid))).toEqual({ red_packet: ['open_limit'] });
    expect(reason(await open(first.token, event.id, rid, sid))).toEqual({ red_packet: ['opened'] });
    const wrong = await open(first.token, event.id, rid, 'wrong-token');
    expect(wrong.statusCode).toBe(404);
    expect(reason(wrong)).toEqual({ red_packet_share: ['not_found'] });

    const forNew = await makeEvent({ openers_registered_after_timestamp: nowSec() - 5 });
    const newShare = await takeAndShare(forNew.id);
    const old = await makeAccount(t);
    await t.deps.db.update(accounts).set({ createdAt: new Date((nowSec() - 86_400) * 1000) }).where(eq(accounts.id, old.id));
    expect(reason(await open(old.token, forNew.id, newShare.rid, newShare.sid))).toEqual({ red_packet: ['unqualified'] });

    const ending = await makeEvent({ to_timestamp: nowSec() + 30 });
    const endingShare = await takeAndShare(ending.id);
    t.clock.advance(31);
    expect(reason(await open((await makeAccount(t)).token, ending.id, endingShare.rid, endingShare.sid))).toEqual({ red_packet: ['already_end'] });
  });
});

describe('GET /api/events/{id}/accounts_red_packets', () => {
  it('lists who opened what, newest first, 4 a page: the own packet by default, by share link, by packet id', async () => {
    const event = await makeEvent({ amount: 1000, parts: 6 });
    const { sharer, rid, sid } = await takeAndShare(event.id);
    const openers = [];
    for (let i = 0; i < 6; i++) {
      const opener = await makeAccount(t);
      t.clock.advance(1);
      const res = await open(opener.token, event.id, rid, sid);
      openers.push({ ...opener, amount: res.json().red_packet_open.amount as number });
    }
    const url = `/api/events/${event.id}/accounts_red_packets`;
    const page1 = (await api.native.get(url, { token: sharer.token })).json();
    expect(page1.meta).toEqual({ total_count: 6, page: 1, per: 4, red_packet_id: rid });
    expect(page1.accounts_red_packets.map((r: { account: { id: number } }) => r.account.id)).toEqual(openers.slice(2).reverse().map((o) => o.id));
    const page2 = (await api.native.get(`${url}?page=2`, { token: sharer.token })).json();
    expect(page2.accounts_red_packets.map((r: { amount: number }) => r.amount)).toEqual(openers.slice(0, 2).reverse().map((o) => o.amount));
    expect([...page1.accounts_red_packets, ...page2.accounts_red_packets].reduce((s: number, r: { amount: number }) => s + r.amount, 0)).toBe(1000);
    const byShare = (await api.native.get(`${url}?share_id=${sid}`)).json();
    expect(byShare.meta.total_count).toBe(6);
    const mineMarked = (await api.native.get(`${url}?red_packet_id=${rid}&page=2`, { token: openers[0]!.token })).json();
    expect(mineMarked.accounts_red_packets.find((r: { mine: boolean }) => r.mine).account.id).toBe(openers[0]!.id);
    expect((await api.native.get(`${url}?red_packet_id=${rid}`, { token: (await makeAccount(t)).token })).statusCode).toBe(404);
    expect((await api.native.get(`${url}?share_id=nope`)).statusCode).toBe(404);
    expect((await api.native.get(url)).json()).toEqual({ accounts_red_packets: [], meta: { total_count: 0, page: 1, per: 4, red_packet_id: null } });
  });
});

describe('the international site', () => {
  it('pays its parts in USD cents', async () => {
    const res = await api.native.post('/api/admin/red_packet_events', {
      event: { area: 'abroad', title, amount: 300, parts: 3, packet_count: 5, from_timestamp: nowSec() - 60, to_timestamp: nowSec() + 3600 },
    }, { token: admin.token });
    const eventId = res.json().id;
    const sharer = await makeAccount(t, { area: 'abroad' });
    const rid = (await api.abroad.post(`/api/events/${eventId}/red_packets`, undefined, { token: sharer.token })).json().red_packet.id;
    const sid = (await api.abroad.get(`/api/events/${eventId}/red_packets/${rid}/shares/new`, { token: sharer.token })).json().red_packet_share.id;
    const opener = await makeAccount(t, { area: 'abroad' });
    const opened = (await api.abroad.post(`/api/events/${eventId}/red_packets/${rid}/shares/${sid}/opens`, undefined, { token: opener.token })).json();
    expect(opened.red_packet_open.currency).toBe('USD');
    expect((await api.abroad.get('/api/me/wallet_entries', { token: opener.token })).json().meta).toMatchObject({ currency: 'USD', balance: opened.red_packet_open.amount });
  });
});
