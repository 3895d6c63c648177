import { describe, expect, it, vi } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { useTestApp } from '../support/test-app.ts';
import type { TestApp } from '../support/harness.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { redPacketParts } from '../../src/modules/red-packets/tables.ts';
import { lockWaiters } from '../support/lock-waiters.ts';

/**
 * A rush's group of openings (modules/red-packets/open-group.ts) never waits for a lock while it holds parts
 * (docs/decisions/0047-lottery-and-red-packet-rush.md): a member whose packet's last parts another transaction
 * holds opens alone after the group, waiting there. It must get a part if that transaction rolls back, and hear
 * `open_limit` if it commits them — never "all taken" too early, never a 5xx. PostgreSQL only: the parts must
 * really be held on another connection.
 */
const { t, api } = useTestApp();

const nowSec = () => Math.floor(t.clock.now().getTime() / 1000);

async function sharedPacket() {
  const admin = await makeAccount(t, { role: 'admin' });
  const event = (await api.native.post('/api/admin/red_packet_events', {
    event: { area: 'native', title: { chs: '红包', en: 'Red packet' }, amount: 200, parts: 2, packet_count: 1, from_timestamp: nowSec() - 60, to_timestamp: nowSec() + 3600 },
  }, { token: admin.token })).json();
  const sharer = await makeAccount(t);
  const rid = (await api.native.post(`/api/events/${event.id}/red_packets`, undefined, { token: sharer.token })).json().red_packet.id as number;
  const sid = (await api.native.get(`/api/events/${event.id}/red_packets/${rid}/shares/new`, { token: sharer.token })).json().red_packet_share.id as string;
  return { path: `/api/events/${event.id}/red_packets/${rid}/shares/${sid}/opens`, rid };
}

/** Another transaction holding every unopened part of the packet until `finish` runs, then committing or rolling back. */
function holdParts(rid: number, finish: (tx: Parameters<Parameters<TestApp['deps']['db']['transaction']>[0]>[0]) => Promise<void>) {
  let go!: () => void;
  const released = new Promise<void>((resolve) => { go = resolve; });
  let held!: () => void;
  const holding = new Promise<void>((resolve) => { held = resolve; });
  const done = t.deps.db.transaction(async (tx) => {
    await tx.select({ id: redPacketParts.id }).from(redPacketParts).where(and(eq(redPacketParts.packetId, rid), isNull(redPacketParts.openerId))).for('update');
    held();
    await released;
    await finish(tx);
  });
  return { holding, release: () => { go(); return done; } };
}

describe('an opening whose packet\'s last parts another transaction holds', () => {
  it('waits for them and gets a part when that transaction rolls back', async () => {
    const { path, rid } = await sharedPacket();
    const opener = await makeAccount(t);
    const holder = holdParts(rid, async () => { throw new Error('rolled back'); });
    await holder.holding;
    const answer = api.native.post(path, undefined, { token: opener.token });
    await vi.waitFor(async () => expect(await lockWaiters(t.deps.db)).toBeGreaterThanOrEqual(1), { timeout: 20_000, interval: 20 });
    await expect(holder.release()).rejects.toThrow('rolled back');
    const res = await answer;
    expect(res.statusCode, res.body).toBe(201);
    const parts = await t.deps.db.select().from(redPacketParts).where(eq(redPacketParts.packetId, rid));
    expect(parts.filter((p) => p.openerId === opener.id).map((p) => p.amount)).toEqual([res.json().red_packet_open.amount]);
  });

  it('hears open_limit when that transaction commits them to others', async () => {
    const { path, rid } = await sharedPacket();
    const [opener, first, second] = [await makeAccount(t), await makeAccount(t), await makeAccount(t)];
    const holder = holdParts(rid, async (tx) => {
      const parts = await tx.select({ id: redPacketParts.id }).from(redPacketParts).where(eq(redPacketParts.packetId, rid)).orderBy(redPacketParts.position);
      await tx.update(redPacketParts).set({ openerId: first.id, openedAt: t.clock.now() }).where(eq(redPacketParts.id, parts[0]!.id));
      await tx.update(redPacketParts).set({ openerId: second.id, openedAt: t.clock.now() }).where(eq(redPacketParts.id, parts[1]!.id));
    });
    await holder.holding;
    const answer = api.native.post(path, undefined, { token: opener.token });
    await vi.waitFor(async () => expect(await lockWaiters(t.deps.db)).toBeGreaterThanOrEqual(1), { timeout: 20_000, interval: 20 });
    await holder.release();
    const res = await answer;
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ red_packet: ['open_limit'] });
  });
});
