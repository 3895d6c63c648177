import { describe, expect, it } from 'vitest';
import { API, CONVERSATIONS_API, PEOPLE_API } from '@lantern/contract';
import { ACTION_LIMITS, BUDGET_WINDOW_SECONDS, CONVERSATIONS_PAGE_SIZE, PRIVATE_MESSAGE_MAX_LENGTH } from '@lantern/domain';
import { createTestApp } from '../support/harness.ts';
import { clients } from '../support/client.ts';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { updateAccount } from '../support/factories.ts';
import { muteAccount } from '../../src/modules/moderation/index.ts';
import { LIVE_CHANNEL, type LiveEvent } from '../../src/modules/live/index.ts';
import { recountUnread } from '../../src/modules/conversations/index.ts';
import { mulberry32 } from '../../src/platform/mulberry32.ts';
import { startSession } from '../../src/modules/accounts/sessions.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * Private messages (docs/product/messaging.md#private-messages): sending text and games, the list and the
 * history, reading and deleting, every refusal, the live events, and unread counts that always equal a recount
 * — sequentially interleaved and under a parallel burst (on PostgreSQL with DATABASE_URL).
 */
const { t, api } = useTestApp();

type Account = { id: number; token: string };
const send = (from: Account, targetId: number | undefined, message: Record<string, unknown> = { content: 'hello' }, area: 'native' | 'abroad' = 'native') =>
  api[area].post(CONVERSATIONS_API.privateMessages, { ...(targetId !== undefined && { target_id: targetId }), private_message: message }, { token: from.token });
const sent = async (from: Account, to: Account, content = 'hello') => {
  const res = await send(from, to.id, { content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { conversation_id: number; private_message: { id: number } };
};
const list = (who: Account, query: Record<string, string> = {}) => api.native.get(CONVERSATIONS_API.conversations, { token: who.token, query });
const open = (who: Account, id: number, query: Record<string, string> = {}) => api.native.get(CONVERSATIONS_API.conversation(id), { token: who.token, query });
const badge = async (who: Account) => (await api.native.get(API.me, { token: who.token })).json().badges.private_messages as number;

async function expectCountsExact(accounts: readonly Account[]) {
  for (const r of await recountUnread(t.deps.db, accounts.map((a) => a.id))) {
    expect(r.keptTotal, `account ${r.accountId}`).toBe(r.countedTotal);
    for (const m of r.members) expect(m.kept, `conversation ${m.conversationId} of ${r.accountId}`).toBe(m.counted);
  }
}

describe('sending and reading', () => {
  it('delivers a message: the recipient sees it unread (list and badge), reading it clears both; replies share the conversation', async () => {
    const a = await makeAccount(t);
    const b = await makeAccount(t);
    const first = await sent(a, b, '  hi there  ');
    expect(first.private_message).toMatchObject({ kind: 'text', content: 'hi there', own: true, account_id: a.id, relation: { game: null } });
    await sent(a, b, 'second');
    const bList = (await list(b)).json();
    expect(bList.conversations).toHaveLength(1);
    expect(bList.conversations[0]).toMatchObject({ id: first.conversation_id, target: { id: a.id }, unread_count: 2, message: { content: 'second', own: false } });
    expect((await list(a)).json().conversations[0]).toMatchObject({ target: { id: b.id }, unread_count: 0 });
    expect(await badge(b)).toBe(2);
    const history = (await open(b, first.conversation_id)).json();
    expect(history.private_messages.map((m: { content: string }) => m.content)).toEqual(['hi there', 'second']);
    expect(history.conversation).toMatchObject({ target: { id: a.id }, unread_count: 0 });
    expect(await badge(b)).toBe(0);
    const reply = await sent(b, a, 'back');
    expect(reply.conversation_id).toBe(first.conversation_id);
    expect(await badge(a)).toBe(1);
    await expectCountsExact([a, b]);
  });

  it('shares a game with its live price on the reader\'s site; a game this site does not show is 404', async () => {
    const a = await makeAccount(t);
    const b = await makeAccount(t);
    const game = await makeSku(t, { listPrice: 9800, salePrice: 4900 });
    const res = await send(a, b.id, { kind: 'game', sku_id: game.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().private_message.relation.game).toMatchObject({ id: game.id, sale_price: 4900, list_price: 9800 });
    const abroadGame = await makeSku(t, { area: 'abroad' });
    expect((await send(a, b.id, { kind: 'game', sku_id: abroadGame.id })).statusCode).toBe(404);
    expect((await send(a, b.id, { kind: 'game' })).json().errors).toEqual({ sku_id: ['blank'] });
    // The price shown is the one of the moment the message is read.
    const { skus } = await import('../../src/modules/catalog/tables.ts');
    const { eq } = await import('drizzle-orm');
    await t.deps.db.update(skus).set({ salePrice: 2900 }).where(eq(skus.id, game.id));
    const shown = (await open(b, res.json().conversation_id)).json().private_messages[0];
    expect(shown).toMatchObject({ kind: 'game', relation: { game: { id: game.id, sale_price: 2900 } } });
  });

  it('pages the list by 10 (finished when a page brings fewer) and the history by before_id', async () => {
    const me = await makeAccount(t);
    const others = [];
    for (let i = 0; i < CONVERSATIONS_PAGE_SIZE + 2; i++) {
      const other = await makeAccount(t);
      others.push(other);
      t.clock.advance(1);
      await sent(other, me, `from ${i}`);
    }
    const page1 = (await list(me)).json();
    expect(page1.conversations).toHaveLength(CONVERSATIONS_PAGE_SIZE);
    expect(page1.conversations[0].message.content).toBe(`from ${CONVERSATIONS_PAGE_SIZE + 1}`);
    const page2 = (await list(me, { page: '2' })).json();
    expect(page2.conversations).toHaveLength(2);
    const peer = others[0]!;
    for (let i = 0; i < 4; i++) await sent(me, peer, `m${i}`);
    const conversationId = page2.conversations[1].id;
    const newest = (await open(me, conversationId, { per: '3' })).json();
    expect(newest.private_messages.map((m: { content: string }) => m.content)).toEqual(['m1', 'm2', 'm3']);
    const older = (await open(me, conversationId, { per: '3', before_id: String(newest.meta.next_before_id) })).json();
    expect(older.private_messages.map((m: { content: string }) => m.content)).toEqual(['from 0', 'm0']);
    expect(older.meta.next_before_id).toBeNull();
  });
});

describe('deleting', () => {
  it('hides the history for the deleter only; a new message opens it again with only what came after', async () => {
    const a = await makeAccount(t);
    const b = await makeAccount(t);
    const { conversation_id: id } = await sent(a, b, 'old');
    expect(await badge(b)).toBe(1);
    expect((await api.native.delete(CONVERSATIONS_API.conversation(id), { token: b.token })).statusCode).toBe(204);
    expect(await badge(b)).toBe(0);
    expect((await list(b)).json().conversations).toEqual([]);
    expect((await open(b, id)).statusCode).toBe(404);
    expect((await open(a, id)).json().private_messages).toHaveLength(1);
    await sent(a, b, 'new');
    const reopened = (await open(b, id)).json();
    expect(reopened.private_messages.map((m: { content: string }) => m.content)).toEqual(['new']);
    expect((await api.native.delete(CONVERSATIONS_API.conversation(id), { token: (await makeAccount(t)).token })).statusCode).toBe(404);
    await expectCountsExact([a, b]);
  });
});

describe('refusals', () => {
  it('answers each refusal with its reason and writes nothing', async () => {
    const a = await makeAccount(t);
    const b = await makeAccount(t);
    expect((await api.native.post(CONVERSATIONS_API.privateMessages, { target_id: b.id, private_message: { content: 'x' } })).statusCode).toBe(401);
    expect((await api.native.get(CONVERSATIONS_API.conversations)).statusCode).toBe(401);
    expect((await send(a, undefined)).json().errors).toEqual({ target_id: ['closed'] });
    expect((await send(a, a.id)).json().errors).toEqual({ target_id: ['invalid'] });
    expect((await send(a, 987_654_321)).json().errors).toEqual({ target_id: ['closed'] });
    expect((await send(a, b.id, { content: '   ' })).json().errors).toEqual({ content: ['blank'] });
    expect((await send(a, b.id, { content: 'x'.repeat(PRIVATE_MESSAGE_MAX_LENGTH + 1) })).json().errors).toEqual({ content: ['too_long'] });
    expect((await send(a, b.id, { kind: 'sticker', content: 'x' })).statusCode).toBe(422);
    const closed = await makeAccount(t);
    await updateAccount(t, closed.id, { closedAt: t.clock.now() });
    const toClosed = await send(a, closed.id);
    expect(toClosed.statusCode).toBe(422);
    expect(toClosed.json().errors).toEqual({ target_id: ['closed'] });
    expect((await list(b)).json().conversations).toEqual([]);
  });

  it('gives a muted sender user_muted, and refuses a block either way', async () => {
    const a = await makeAccount(t);
    const b = await makeAccount(t);
    const c = await makeAccount(t);
    await muteAccount(t.deps, c.id, new Date(t.clock.now().getTime() + 3_600_000), 'spam', null);
    const muted = await send(c, a.id);
    expect(muted.statusCode).toBe(403);
    expect(muted.json().errors).toEqual({ base: ['user_muted'] });
    expect((await api.native.post(PEOPLE_API.blockAdd, { blockAccountId: b.id }, { token: a.token })).statusCode).toBeLessThan(300);
    for (const [from, to] of [[a, b], [b, a]] as const) {
      const res = await send(from, to.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().errors).toEqual({ target_id: ['block_listed'] });
    }
  });

  it('keeps the private-message budget of a day when the pace is on (429 rate_limit, open again the next day)', { timeout: 60_000 }, async () => {
    const paced = await createTestApp({ env: { COMMUNITY_WRITE_PACE: 'on' } });
    try {
      const pacedApi = clients(paced);
      const a = await makeAccount(paced);
      const b = await makeAccount(paced);
      let token = a.token;
      const post = () => pacedApi.native.post(CONVERSATIONS_API.privateMessages, { target_id: b.id, private_message: { content: 'hi' } }, { token });
      const budget = ACTION_LIMITS.private_message.new.perDay;
      for (let i = 0; i < budget; i++) expect((await post()).statusCode).toBe(201);
      const spent = await post();
      expect(spent.statusCode).toBe(429);
      expect(spent.json().errors).toEqual({ base: ['rate_limit'] });
      paced.clock.advance(BUDGET_WINDOW_SECONDS);
      // The access token has expired by then: a new session, as the web would refresh.
      token = (await startSession(paced.deps, paced.deps.db, a.id, 'native')).accessToken;
      expect((await post()).statusCode).toBe(201);
    } finally {
      await paced.close();
    }
  });
});

describe('live events', () => {
  it('tells the recipient (badge and bar) and the sender\'s other tabs after commit, the reader\'s tabs on read, and nothing for a refusal', async () => {
    const a = await makeAccount(t);
    const b = await makeAccount(t);
    const heard: LiveEvent[] = [];
    const stop = await t.deps.kv.subscribe(LIVE_CHANNEL, (message) => heard.push(...(JSON.parse(message) as LiveEvent[])));
    try {
      const ours = () => heard.filter((e) => e.accountId === a.id || e.accountId === b.id);
      const { conversation_id: id } = await sent(a, b, 'ping');
      await expect.poll(() => ours().length).toBe(2);
      const toB = ours().find((e) => e.accountId === b.id)!;
      expect(toB.type).toBe('private_message');
      expect(toB.data).toMatchObject({
        action: 'sent', conversation_id: id, private_message: { content: 'ping', account_id: a.id },
        badges: { private_messages: 1 }, bar: { kind: 'private_message', actor: { id: a.id }, excerpt: 'ping', href: `/messages/conversations/${id}` },
      });
      expect(ours().find((e) => e.accountId === a.id)!.data).toMatchObject({ action: 'sent', conversation_id: id });
      await open(b, id);
      await expect.poll(() => ours().length).toBe(3);
      expect(ours()[2]).toMatchObject({ accountId: b.id, data: { action: 'read', badges: { private_messages: 0 } } });
      await send(a, b.id, { content: '' });
      await sent(a, b, 'after');
      await expect.poll(() => ours().length).toBe(5);
      expect(ours().filter((e) => (e.data as { private_message?: { content: string } }).private_message?.content === '')).toEqual([]);
    } finally {
      await stop();
    }
  });
});

describe('unread counts equal a recount', () => {
  it('after thousands of seeded, interleaved sends, reads and deletes', { timeout: 120_000 }, async () => {
    const people = await Promise.all(Array.from({ length: 4 }, () => makeAccount(t)));
    const random = mulberry32(14_028);
    const pick = () => people[Math.floor(random() * people.length)]!;
    const conversationsOf = new Map<number, number[]>();
    const steps = 1200;
    for (let i = 0; i < steps; i++) {
      const who = pick();
      const roll = random();
      if (roll < 0.6) {
        let to = pick();
        while (to.id === who.id) to = pick();
        const { conversation_id: id } = await sent(who, to, `m${i}`);
        for (const p of [who, to]) conversationsOf.set(p.id, [...new Set([...(conversationsOf.get(p.id) ?? []), id])]);
      } else {
        const ids = conversationsOf.get(who.id) ?? [];
        if (ids.length === 0) continue;
        const id = ids[Math.floor(random() * ids.length)]!;
        if (roll < 0.9) await open(who, id);
        else await api.native.delete(CONVERSATIONS_API.conversation(id), { token: who.token });
      }
      if (i % 100 === 0) await expectCountsExact(people);
    }
    await expectCountsExact(people);
    for (const p of people) expect(await badge(p)).toBe((await recountUnread(t.deps.db, [p.id]))[0]!.countedTotal);
  });

  it('under a parallel burst of sends, reads and deletes in shared conversations', { timeout: 120_000 }, async () => {
    const people = await Promise.all(Array.from({ length: 5 }, () => makeAccount(t)));
    const hub = people[0]!;
    const seeded = await Promise.all(people.slice(1).map((p) => sent(p, hub, 'start')));
    const ids = seeded.map((s) => s.conversation_id);
    const random = mulberry32(28);
    const burst = Array.from({ length: 160 }, (_, i) => {
      const k = i % 4;
      const peer = people[k + 1]!;
      const roll = random();
      if (roll < 0.55) return send(peer, hub.id, { content: `to hub ${i}` });
      if (roll < 0.7) return send(hub, peer.id, { content: `from hub ${i}` });
      if (roll < 0.92) return open(hub, ids[k]!);
      return api.native.delete(CONVERSATIONS_API.conversation(ids[k]!), { token: hub.token });
    });
    const answers = await Promise.all(burst);
    expect(answers.filter((r) => r.statusCode >= 500)).toEqual([]);
    await expectCountsExact(people);
    const [hubCount] = await recountUnread(t.deps.db, [hub.id]);
    expect(await badge(hub)).toBe(hubCount!.countedTotal);
  });
});
