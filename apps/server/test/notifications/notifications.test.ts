import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { NOTIFICATIONS_API, PEOPLE_API } from '@lantern/contract';
import { makeAccount } from '../support/catalog-factories.ts';
import { rng } from '../support/discussion-support.ts';
import { updateAccount } from '../support/factories.ts';
import { countersOf, notify, notifyNow, recount, type NotifyInput } from '../../src/modules/notifications/index.ts';
import { markRead } from '../../src/modules/notifications/reading.ts';
import { broadcastsFor } from '../../src/modules/notifications/broadcasts.ts';
import type { LiveEvent } from '../../src/modules/live/index.ts';
import { listenToLive } from '../support/live-listener.ts';
import { rowsOf } from '../../src/platform/db/json-rows.ts';
import { logStatements } from '../support/statement-counter.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * The notification centre (docs/product/messaging.md#notifications; decisions/0027): who is told, likes
 * collapsing, counters equal to a recount whatever the interleaving (also in parallel on PostgreSQL), the
 * routes and their reasons, settings, and broadcasts stored once.
 */
const { t, api } = useTestApp();

type Account = { id: number; token: string };
const as = (who: Account) => ({ token: who.token });
const told = (recipientId: number, actorId: number | null, kind: NotifyInput['kind'], target = { type: 'Post', id: 1 }): NotifyInput =>
  ({ recipientId, actorId, kind, target, excerpt: `${kind} by ${actorId}`, href: `/posts/${target.id}` });

/** The counters as kept must equal those counted from the rows, kind by kind and in total. */
async function expectExact(accountId: number) {
  const [kept, counted, [total]] = await Promise.all([
    countersOf(t.deps.db, accountId, 0),
    recount(t.deps.db, accountId),
    rowsOf<{ unread: number | null }>(t.deps.db, sql`SELECT unread FROM notification_unread_totals WHERE account_id = ${accountId}`),
  ]);
  for (const [kind, n] of Object.entries(kept.by_kind)) expect(n, kind).toBe(counted.byKind[kind] ?? 0);
  expect(kept.total).toBe(counted.total);
  expect(Number(total?.unread ?? 0)).toBe(counted.total);
  return kept;
}

describe('notify', () => {
  it('tells the recipient, skips their own actions, and carries the new total on a live event pushed after commit', async () => {
    const [a, b] = [await makeAccount(t), await makeAccount(t)];
    const live = await listenToLive(t.deps.kv);
    expect(await notifyNow(t.deps, told(a.id, a.id, 'comment'))).toEqual([]);
    const [event] = await notifyNow(t.deps, told(a.id, b.id, 'comment'));
    expect(event).toMatchObject({ accountId: a.id, type: 'notification', data: { kind: 'comment', badges: { notifications: 1 }, bar: { kind: 'comment', actor: { id: b.id }, href: '/posts/1' } } });
    // Nothing is written or pushed for a transaction that rolled back.
    await expect(t.deps.db.transaction(async (tx) => {
      await notify(tx, t.deps, told(a.id, b.id, 'reply'));
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    await live.until((heard) => heard.some((e) => e.accountId === a.id));
    await live.stop();
    expect(live.heard.filter((e) => e.accountId === a.id).map((e) => e.data)).toEqual([expect.objectContaining({ kind: 'comment' })]);
    expect((await expectExact(a.id)).total).toBe(1);
    const me = (await api.native.get('/api/me', as(a))).json();
    expect(me.badges.notifications).toBe(1);
    expect(me.noti_badges).toEqual({ total: 1, comment_num: 1, at_num: 0, notice_num: 0, system_num: 0 });
  });

  it('collapses likes of one target while unread ("3 people liked"), and starts a new one once it was read', async () => {
    const author = await makeAccount(t);
    const likers = [await makeAccount(t), await makeAccount(t), await makeAccount(t)];
    for (const liker of [...likers, likers[0]!]) await notifyNow(t.deps, told(author.id, liker.id, 'like', { type: 'SteamReview', id: 7 }));
    const first = (await api.native.get(NOTIFICATIONS_API.messages, as(author))).json();
    expect(first.messages).toHaveLength(1);
    expect(first.messages[0]).toMatchObject({ kind: 'like', actor_count: 3, actor: { id: likers[0]!.id }, target_type: 'SteamReview', target_id: 7, read: false });
    expect((await expectExact(author.id)).notice_num).toBe(1);
    await markRead(t.deps, author.id, { all: true });
    const [again] = await notifyNow(t.deps, told(author.id, likers[1]!.id, 'like', { type: 'SteamReview', id: 7 }));
    expect(again!.data).toMatchObject({ bar: { count: 1 }, badges: { notifications: 1 } });
    expect((await api.native.get(NOTIFICATIONS_API.messages, as(author))).json().messages.map((m: { read: boolean }) => m.read)).toEqual([false, true]);
    await expectExact(author.id);
  });

  it('tells many recipients of many actors in one statement: blocks, settings and self skipped, each event\'s badge and number exact', async () => {
    // Made one after another: the events come back in recipient-id order, so r1 must have the smallest id.
    const [r1, r2, r3, x, y] = [await makeAccount(t), await makeAccount(t), await makeAccount(t), await makeAccount(t), await makeAccount(t)];
    await updateAccount(t, y!.id, { nickname: `teller_${y!.id}` });
    expect((await api.native.post(PEOPLE_API.blockAdd, { blockAccountId: x!.id }, as(r2!))).statusCode).toBe(200);
    expect((await api.native.post(NOTIFICATIONS_API.settings, { accounts_notification: { kinds: { at: false } } }, as(r3!))).statusCode).toBe(200);
    const liked = { type: 'Post', id: 3 };
    const [before] = await notifyNow(t.deps, told(r1!.id, x!.id, 'like', liked));
    expect(before!.data).toMatchObject({ badges: { notifications: 1 }, bar: { count: 1 } });

    const log = logStatements(t.database);
    const live = await listenToLive(t.deps.kv);
    const { result: events, statements } = await log.during(() => notifyNow(t.deps, [
      told(r3!.id, y!.id, 'at', { type: 'Post', id: 5 }), // r3 turned @mentions off
      told(r2!.id, x!.id, 'comment', { type: 'Post', id: 4 }), // r2 blocked x
      told(r2!.id, y!.id, 'comment', { type: 'Post', id: 6 }),
      told(r1!.id, x!.id, 'comment', { type: 'Post', id: 1 }),
      told(r1!.id, y!.id, 'at', { type: 'Post', id: 2 }),
      told(r1!.id, y!.id, 'like', liked), // joins x's unread like: no new row, the badge stays
      told(x!.id, x!.id, 'comment', { type: 'Post', id: 7 }), // x's own action
    ]));
    log.stop();
    expect(statements, statements.join('\n')).toHaveLength(1);
    expect(events.map((e) => [e.accountId, e.seq, e.data])).toEqual([
      [r1!.id, 2, expect.objectContaining({ kind: 'comment', badges: { notifications: 2 }, bar: expect.objectContaining({ actor: expect.objectContaining({ id: x!.id }) }) })],
      [r1!.id, 3, expect.objectContaining({ kind: 'at', badges: { notifications: 3 }, bar: expect.objectContaining({ actor: { id: y!.id, nickname: `teller_${y!.id}`, avatar: null } }) })],
      [r1!.id, 4, expect.objectContaining({ kind: 'like', badges: { notifications: 3 }, bar: expect.objectContaining({ count: 2, actor: expect.objectContaining({ id: y!.id }) }) })],
      [r2!.id, 1, expect.objectContaining({ kind: 'comment', badges: { notifications: 1 }, bar: expect.not.objectContaining({ count: expect.anything() }) })],
    ]);
    expect(events[2]!.data).toMatchObject({ id: (before!.data as { id: number }).id });
    // Pushed once the statement is done (the earlier like's push may still arrive on Redis: only this call's are looked for).
    const ours = (e: LiveEvent) => e.accountId !== r1!.id || e.seq > 1;
    await live.until((heard) => heard.filter(ours).length >= events.length);
    await live.stop();
    expect(live.heard.filter(ours).map((e) => [e.accountId, e.seq])).toEqual(events.map((e) => [e.accountId, e.seq]));
    expect((await expectExact(r1!.id)).total).toBe(3);
    expect((await expectExact(r2!.id)).total).toBe(1);
    expect((await expectExact(r3!.id)).total).toBe(0);
    expect((await expectExact(x!.id)).total).toBe(0);
  });

  it('groups the calls made while a statement runs into one: likes of one target join one row, every liker once, blocked ones left out', async () => {
    const author = await makeAccount(t);
    const [blocked, ...likers] = await Promise.all(Array.from({ length: 7 }, () => makeAccount(t)));
    expect((await api.native.post(PEOPLE_API.blockAdd, { blockAccountId: blocked!.id }, as(author))).statusCode).toBe(200);
    const review = { type: 'SteamReview', id: 11 };
    const log = logStatements(t.database);
    // At once, as a burst of requests on a hot review: the lane takes every call made in this turn as one group.
    const { result: answers, statements } = await log.during(() => Promise.all([
      ...likers.map((liker) => notifyNow(t.deps, told(author.id, liker.id, 'like', review))),
      notifyNow(t.deps, told(author.id, likers[0]!.id, 'like', review)), // the same liker again (liked, cancelled, liked)
      notifyNow(t.deps, told(author.id, blocked!.id, 'like', review)),
      notifyNow(t.deps, told(author.id, likers[1]!.id, 'comment', review)),
      notifyNow(t.deps, told(author.id, likers[2]!.id, 'comment', review)),
    ]));
    log.stop();
    expect(statements.length, statements.join('\n')).toBe(1);
    const { messages } = (await api.native.get(NOTIFICATIONS_API.messages, as(author))).json();
    expect(messages.map((m: { kind: string }) => m.kind).sort()).toEqual(['comment', 'comment', 'like']);
    const like = messages.find((m: { kind: string }) => m.kind === 'like');
    expect(like).toMatchObject({ actor_count: likers.length });
    const [row] = await rowsOf<{ actor_ids: number[] }>(t.deps.db, sql`SELECT actor_ids FROM notifications WHERE id = ${like.id}`);
    expect(row!.actor_ids.map(Number).sort((a, b) => a - b)).toEqual(likers.map((l) => l.id).sort((a, b) => a - b));
    // Every call hears of what its statement wrote for its recipient; the last event carries the total now.
    const events = answers.flat().sort((a, b) => a.seq - b.seq);
    expect(events.at(-1)!.data).toMatchObject({ badges: { notifications: 3 } });
    expect((await expectExact(author.id)).total).toBe(3);
  });

  it('keeps counters equal to a recount over thousands of interleaved notifies, reads and mark-alls', { timeout: 120_000 }, async () => {
    const accounts = [await makeAccount(t), await makeAccount(t), await makeAccount(t)];
    const actors = [await makeAccount(t), await makeAccount(t)];
    const random = rng(20_261_125);
    const kinds = ['comment', 'reply', 'at', 'follow', 'like', 'operate', 'key'] as const;
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    for (let step = 0; step < 2_000; step++) {
      const who = pick(accounts);
      const roll = random();
      if (roll < 0.7) await notifyNow(t.deps, told(who.id, pick(actors).id, pick(kinds), { type: 'Post', id: Math.floor(random() * 4) }));
      else if (roll < 0.85) {
        const [row] = await rowsOf<{ id: number }>(t.deps.db, sql`SELECT id FROM notifications WHERE recipient_id = ${who.id} ORDER BY random() LIMIT 1`);
        if (row) await markRead(t.deps, who.id, { ids: [Number(row.id)] });
      } else if (roll < 0.95) await markRead(t.deps, who.id, { kinds: [pick(kinds)] });
      else await markRead(t.deps, who.id, { all: true });
      if (step % 250 === 0) await expectExact(who.id);
    }
    for (const who of accounts) await expectExact(who.id);
  });

  it('keeps counters exact under a parallel burst of notifies and mark-reads of one account', { timeout: 120_000 }, async () => {
    const target = await makeAccount(t);
    const actors = await Promise.all(Array.from({ length: 6 }, () => makeAccount(t)));
    const work = Array.from({ length: 120 }, (_, i) => {
      if (i % 10 === 9) return markRead(t.deps, target.id, { all: true });
      if (i % 10 === 4) return markRead(t.deps, target.id, { kinds: ['like'] });
      const kind = i % 3 === 0 ? 'like' : i % 3 === 1 ? 'comment' : 'follow';
      return notifyNow(t.deps, told(target.id, actors[i % actors.length]!.id, kind, { type: 'Post', id: i % 5 }));
    });
    await Promise.all(work);
    await expectExact(target.id);
    // The events carry totals in the order they were given: the last event's total is the total now.
    const [last] = await rowsOf<{ data: { badges?: { notifications?: number } } }>(t.deps.db, sql`SELECT data FROM live_events WHERE account_id = ${target.id} ORDER BY seq DESC LIMIT 1`);
    expect(last!.data.badges?.notifications).toBe((await countersOf(t.deps.db, target.id, 0)).total);
  });

  it('tells the same accounts from many writers at once, each call naming them in its own order, with no deadlock and no gap', { timeout: 120_000 }, async () => {
    const accounts = await Promise.all(Array.from({ length: 4 }, () => makeAccount(t)));
    const actors = await Promise.all(Array.from({ length: 5 }, () => makeAccount(t)));
    const random = rng(20_261_126);
    const work = Array.from({ length: 80 }, (_, i) => {
      const who = accounts[i % accounts.length]!;
      if (i % 8 === 7) return markRead(t.deps, who.id, { all: true });
      const order = [...accounts].sort(() => random() - 0.5);
      const kind = i % 2 ? 'like' : 'comment';
      return notifyNow(t.deps, order.map((a) => told(a.id, actors[i % actors.length]!.id, kind, { type: 'Post', id: i % 3 })));
    });
    await Promise.all(work);
    for (const who of accounts) {
      const total = (await expectExact(who.id)).total;
      const seqs = await rowsOf<{ seq: number; data: { badges?: { notifications?: number } } }>(t.deps.db, sql`SELECT seq, data FROM live_events WHERE account_id = ${who.id} ORDER BY seq`);
      expect(seqs.map((e) => Number(e.seq))).toEqual(seqs.map((_, i) => i + 1));
      expect(seqs.at(-1)!.data.badges?.notifications).toBe(total);
    }
  });
});

describe('the centre routes', () => {
  it('lists 10 a page newest first, filters by kind, and marks read by ids, kinds and all, answering the counters', async () => {
    const [me, other] = [await makeAccount(t), await makeAccount(t)];
    for (let i = 0; i < 12; i++) {
      t.clock.advance(1);
      await notifyNow(t.deps, told(me.id, other.id, i % 2 ? 'reply' : 'at', { type: 'Post', id: 100 + i }));
    }
    const page1 = (await api.native.get(NOTIFICATIONS_API.messages, as(me))).json();
    expect(page1.messages).toHaveLength(10);
    expect(page1.meta).toEqual({ total_count: 12, page: 1, per: 10 });
    expect(page1.messages[0].target_id).toBe(111);
    expect((await api.native.get(NOTIFICATIONS_API.messages, { ...as(me), query: { page: '2' } })).json().messages).toHaveLength(2);
    const ats = (await api.native.get(`${NOTIFICATIONS_API.messages}?q[where][kind]=at`, as(me))).json();
    expect(ats.meta.total_count).toBe(6);
    expect(ats.messages.every((m: { kind: string }) => m.kind === 'at')).toBe(true);

    const byIds = await api.native.patch(NOTIFICATIONS_API.service, { ids: [page1.messages[0].id, page1.messages[1].id] }, as(me));
    expect(byIds.statusCode, byIds.body).toBe(200);
    expect(byIds.json().counters).toMatchObject({ total: 10, comment_num: 5, at_num: 5 });
    expect((await api.native.patch(NOTIFICATIONS_API.service, { kinds: ['at'] }, as(me))).json().counters).toMatchObject({ total: 5, at_num: 0 });
    expect((await api.native.patch(NOTIFICATIONS_API.service, { all: true }, as(me))).json().counters).toMatchObject({ total: 0, comment_num: 0 });
    await expectExact(me.id);
    // Another account's ids mark nothing of theirs.
    const theirs = await notifyNow(t.deps, told(other.id, me.id, 'comment'));
    await api.native.patch(NOTIFICATIONS_API.service, { ids: [theirs[0]!.data && (theirs[0]!.data as { id: number }).id] }, as(me));
    expect((await countersOf(t.deps.db, other.id, 0)).total).toBe(1);
  });

  it('refuses guests (401), an empty mark-read and unknown kinds (422)', async () => {
    const me = await makeAccount(t);
    expect((await api.native.get(NOTIFICATIONS_API.messages)).statusCode).toBe(401);
    expect((await api.native.get(NOTIFICATIONS_API.service)).statusCode).toBe(401);
    expect((await api.native.patch(NOTIFICATIONS_API.service, { all: true })).statusCode).toBe(401);
    const empty = await api.native.patch(NOTIFICATIONS_API.service, {}, as(me));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ ids: ['blank'] });
    expect((await api.native.get(`${NOTIFICATIONS_API.messages}?q[where][kind]=nonsense`, as(me))).statusCode).toBe(422);
    expect((await api.native.post(NOTIFICATIONS_API.settings, { accounts_notification: { kinds: { nonsense: false } } }, as(me))).statusCode).toBe(422);
  });

  it('keeps settings per account: every kind on and no digest by default; a kind turned off is not told', async () => {
    const [me, other] = [await makeAccount(t), await makeAccount(t)];
    const service = (await api.native.get(NOTIFICATIONS_API.service, as(me))).json();
    expect(service.kinds).toContain('headline_auth');
    expect(service.settings.email_digest).toBe(false);
    expect(Object.values(service.settings.kinds).every(Boolean)).toBe(true);
    const changed = await api.native.post(NOTIFICATIONS_API.settings, { accounts_notification: { kinds: { like: false, follow: false }, email_digest: true } }, as(me));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().accounts_notification).toMatchObject({ email_digest: true, kinds: { like: false, follow: false, comment: true } });
    const again = (await api.native.post(NOTIFICATIONS_API.settings, { accounts_notification: { kinds: { follow: true } } }, as(me))).json();
    expect(again.accounts_notification).toMatchObject({ email_digest: true, kinds: { like: false, follow: true } });
    expect(await notifyNow(t.deps, told(me.id, other.id, 'like'))).toEqual([]);
    expect(await notifyNow(t.deps, told(me.id, other.id, 'follow'))).toHaveLength(1);
    await expectExact(me.id);
  });
});

describe('broadcasts', () => {
  it('are stored once, counted unread per site without a row per reader, marked read per account, pushed on the everyone stream', async () => {
    const staff = await makeAccount(t, { role: 'staff' });
    const [reader, user] = [await makeAccount(t), await makeAccount(t)];
    await updateAccount(t, reader.id, { createdAt: t.clock.now() });
    const before = await rowsOf<{ n: number }>(t.deps.db, sql`SELECT count(*)::int AS n FROM notification_broadcast_reads`);
    t.clock.advance(1);
    expect((await api.native.post(NOTIFICATIONS_API.adminBroadcasts, { broadcast: { area: 'native', title: 'Hi', content: 'x' } }, as(user))).statusCode).toBe(403);
    const made = await api.native.post(NOTIFICATIONS_API.adminBroadcasts, { broadcast: { area: 'native', title: 'Maintenance tonight', content: 'From 2 to 3.', href: '/notices' } }, as(staff));
    expect(made.statusCode, made.body).toBe(201);
    const both = (await api.native.post(NOTIFICATIONS_API.adminBroadcasts, { broadcast: { area: 'both', title: 'Happy new year', content: 'Sales!' } }, as(staff))).json();
    const [event] = await rowsOf<{ type: string }>(t.deps.db, sql`SELECT type FROM live_events WHERE account_id = 0 ORDER BY seq DESC LIMIT 1`);
    expect(event!.type).toBe('broadcast');

    const native = (await api.native.get(NOTIFICATIONS_API.service, as(reader))).json();
    expect(native.counters.broadcast_num).toBe(2);
    expect(native.broadcasts.slice(0, 2).map((b: { title: string }) => b.title)).toEqual(['Happy new year', 'Maintenance tonight']);
    // The international site shows only the broadcast to both.
    expect((await broadcastsFor(t.deps, reader.id, 'abroad')).unread).toBe(1);
    const read = (await api.native.patch(NOTIFICATIONS_API.service, { broadcast_ids: [both.broadcast.id] }, as(reader))).json();
    expect(read.read_broadcasts).toEqual([both.broadcast.id]);
    expect(read.counters.broadcast_num).toBe(1);
    const after = await rowsOf<{ n: number }>(t.deps.db, sql`SELECT count(*)::int AS n FROM notification_broadcast_reads`);
    expect(Number(after[0]!.n) - Number(before[0]!.n)).toBe(1);
    // A broadcast from before an account joined is not unread for it.
    t.clock.advance(1);
    const newcomer = await makeAccount(t);
    await updateAccount(t, newcomer.id, { createdAt: t.clock.now() });
    expect((await api.native.get(NOTIFICATIONS_API.service, as(newcomer))).json().counters.broadcast_num).toBe(0);
  });
});
