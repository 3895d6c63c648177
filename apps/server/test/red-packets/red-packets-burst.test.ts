import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeAccount } from '../support/catalog-factories.ts';
import { walletEntries } from '../../src/modules/accounts/tables.ts';
import { redPacketParts } from '../../src/modules/red-packets/tables.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * The rush on one shared packet (docs/product/deals.md#red-packet-open): 2,000 parallel opens of a 20-part
 * packet — 1,500 accounts, 500 of them opening twice at once. Meant for PostgreSQL (real parallel
 * transactions, SKIP LOCKED, the unique key); on PGlite the same invariants hold serially.
 */
const { t, api } = useTestApp();

const nowSec = () => Math.floor(t.clock.now().getTime() / 1000);

describe('2,000 parallel opens of a 20-part red packet', () => {
  it('give exactly 20 parts summing to the packet, none opened twice by one account, each credited once to its wallet', { timeout: 240_000 }, async () => {
    const admin = await makeAccount(t, { role: 'admin' });
    const event = (await api.native.post('/api/admin/red_packet_events', {
      event: { area: 'native', title: { chs: '红包', en: 'Red packet' }, amount: 8_888, parts: 20, packet_count: 10, from_timestamp: nowSec() - 60, to_timestamp: nowSec() + 3600 },
    }, { token: admin.token })).json();
    const sharer = await makeAccount(t);
    const rid = (await api.native.post(`/api/events/${event.id}/red_packets`, undefined, { token: sharer.token })).json().red_packet.id as number;
    const sid = (await api.native.get(`/api/events/${event.id}/red_packets/${rid}/shares/new`, { token: sharer.token })).json().red_packet_share.id as string;

    const openers: { id: number; token: string }[] = [];
    for (let i = 0; i < 1_500; i += 100) openers.push(...await Promise.all(Array.from({ length: 100 }, () => makeAccount(t))));
    const attempts = [...openers, ...openers.slice(0, 500)];
    const answers = await Promise.all(attempts.map((o) => api.native.post(`/api/events/${event.id}/red_packets/${rid}/shares/${sid}/opens`, undefined, { token: o.token })
      .then((res) => ({ o, status: res.statusCode, body: res.json() }))));

    const won = answers.filter((a) => a.status === 201);
    expect(won).toHaveLength(20);
    const refused = new Map<string, number>();
    for (const a of answers.filter((x) => x.status !== 201)) {
      const key = `${a.status}:${JSON.stringify(a.body.errors)}`;
      refused.set(key, (refused.get(key) ?? 0) + 1);
    }
    // Every other answer is "all taken" or, for a second opening of a winner, "already received": never a 5xx.
    expect([...refused.keys()].every((k) => k === '422:{"red_packet":["open_limit"]}' || k === '422:{"red_packet":["opened"]}'), JSON.stringify([...refused])).toBe(true);

    const parts = await t.deps.db.select().from(redPacketParts).where(eq(redPacketParts.packetId, rid));
    expect(parts).toHaveLength(20);
    expect(parts.every((p) => p.openerId !== null && p.amount >= 1)).toBe(true);
    expect(parts.reduce((s, p) => s + p.amount, 0)).toBe(8_888);
    expect(new Set(parts.map((p) => p.openerId)).size).toBe(20);
    expect(won.reduce((s, a) => s + (a.body.red_packet_open.amount as number), 0)).toBe(8_888);

    // Each winner's wallet got exactly its part, once.
    const credits = await t.deps.db.select().from(walletEntries).where(eq(walletEntries.reason, 'red_packet'));
    const winners = new Set(parts.map((p) => p.openerId));
    expect(credits.filter((c) => winners.has(c.accountId))).toHaveLength(20);
    expect(credits.filter((c) => winners.has(c.accountId)).reduce((s, c) => s + c.delta, 0)).toBe(8_888);
  });
});

describe('parallel opens of every packet of one event', () => {
  it('give each packet exactly its parts, one per account, each credited; a wrong share token is 404 beside them', { timeout: 240_000 }, async () => {
    const admin = await makeAccount(t, { role: 'admin' });
    const event = (await api.native.post('/api/admin/red_packet_events', {
      event: { area: 'native', title: { chs: '红包', en: 'Red packet' }, amount: 1_000, parts: 10, packet_count: 4, from_timestamp: nowSec() - 60, to_timestamp: nowSec() + 3600 },
    }, { token: admin.token })).json();
    const shares: { rid: number; sid: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const sharer = await makeAccount(t);
      const rid = (await api.native.post(`/api/events/${event.id}/red_packets`, undefined, { token: sharer.token })).json().red_packet.id as number;
      shares.push({ rid, sid: (await api.native.get(`/api/events/${event.id}/red_packets/${rid}/shares/new`, { token: sharer.token })).json().red_packet_share.id as string });
    }
    const openers: { id: number; token: string }[] = [];
    for (let i = 0; i < 200; i += 100) openers.push(...await Promise.all(Array.from({ length: 100 }, () => makeAccount(t))));
    const opens = (o: { token: string }, share: { rid: number; sid: string }) => api.native.post(`/api/events/${event.id}/red_packets/${share.rid}/shares/${share.sid}/opens`, undefined, { token: o.token })
      .then((res) => ({ o, rid: share.rid, status: res.statusCode, body: res.json() }));
    const wrong = { rid: shares[0]!.rid, sid: shares[1]!.sid };
    const answers = await Promise.all(openers.flatMap((o, i) => [...shares.map((share) => opens(o, share)), ...(i % 4 === 0 ? [opens(o, wrong)] : [])]));

    expect(answers.filter((a) => a.status === 404)).toHaveLength(50);
    expect(answers.filter((a) => a.status !== 201 && a.status !== 404).every((a) => JSON.stringify(a.body.errors) === '{"red_packet":["open_limit"]}')).toBe(true);
    const credits = await t.deps.db.select().from(walletEntries).where(eq(walletEntries.reason, 'red_packet'));
    const partsOf = new Map<number, number[]>();
    for (const { rid } of shares) {
      const won = answers.filter((a) => a.status === 201 && a.rid === rid);
      expect(won).toHaveLength(10);
      expect(won.reduce((s, a) => s + (a.body.red_packet_open.amount as number), 0)).toBe(1_000);
      const parts = await t.deps.db.select().from(redPacketParts).where(eq(redPacketParts.packetId, rid));
      expect(parts.every((p) => p.openerId !== null)).toBe(true);
      expect(new Set(parts.map((p) => p.openerId)).size).toBe(10);
      expect(parts.reduce((s, p) => s + p.amount, 0)).toBe(1_000);
      for (const part of parts) partsOf.set(part.openerId!, [...(partsOf.get(part.openerId!) ?? []), part.amount]);
    }
    // Each opener's wallet got each of its parts once, with its ledger row.
    const sorted = (amounts: number[]) => [...amounts].sort((a, b) => a - b);
    for (const [accountId, amounts] of partsOf) expect(sorted(credits.filter((c) => c.accountId === accountId).map((c) => c.delta))).toEqual(sorted(amounts));
  });
});
