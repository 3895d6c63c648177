import { gt } from 'drizzle-orm';
import { seckillStatus, type Area } from '@lantern/domain';
import { seckillLiveResponse } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { loadEvents } from './events.ts';
import { seckillEvents } from './tables.ts';

interface SnapshotEvent {
  id: number;
  fromSec: number;
  toSec: number;
  closed: boolean;
  items: { id: number; sku_id: number; left: number }[];
}

interface Snapshot {
  takenAtMs: number;
  events: SnapshotEvent[];
}

/** How old the stock in a live answer may be. */
export const LIVE_SNAPSHOT_MS = 1000;

/**
 * GET /sec_kill, polled every second by every waiting browser: the events of a site not yet ended, their
 * stock read at most once a second per instance (one load in flight at a time, every caller of that second
 * sharing it), never one query per request. The status is worked out per answer from the clock and the
 * snapshot's window, so it turns at the exact instant; only `left` may be up to a second old. PostgreSQL
 * stays the source of truth: the snapshot only shows it.
 */
export function liveSeckills(deps: Deps) {
  const snapshots = new Map<Area, Snapshot>();
  const loading = new Map<Area, Promise<Snapshot>>();

  async function load(area: Area, nowMs: number): Promise<Snapshot> {
    // Events that ended a minute ago still show as ended, so a page open at the close sees it end.
    const loaded = await loadEvents(deps.db, area, gt(seckillEvents.toAt, new Date(nowMs - 60_000)));
    return {
      takenAtMs: nowMs,
      events: loaded.filter(({ event }) => !event.closed).map(({ event, items }) => ({
        id: event.id, fromSec: toTimestamp(event.fromAt), toSec: toTimestamp(event.toAt), closed: event.closed,
        items: items.map((i) => ({ id: i.id, sku_id: i.skuId, left: i.left })),
      })),
    };
  }

  async function snapshotOf(area: Area, nowMs: number): Promise<Snapshot> {
    const current = snapshots.get(area);
    if (current && nowMs - current.takenAtMs < LIVE_SNAPSHOT_MS && nowMs >= current.takenAtMs) return current;
    let pending = loading.get(area);
    if (!pending) {
      pending = load(area, nowMs).then((s) => {
        snapshots.set(area, s);
        return s;
      }).finally(() => loading.delete(area));
      loading.set(area, pending);
    }
    return pending;
  }

  const answer = (snapshot: Snapshot, nowMs: number) => ({
    server_timestamp: Math.floor(nowMs / 1000),
    sec_kills: snapshot.events.map((e) => ({
      id: e.id,
      status: seckillStatus(nowMs, e.fromSec, e.toSec),
      from_timestamp: e.fromSec,
      to_timestamp: e.toSec,
      left: e.items.reduce((sum, i) => sum + i.left, 0),
      items: e.items,
    })),
  });

  /**
   * The answer as bytes, made once per snapshot and clock second and shared by every poller of that second.
   * Windows are whole seconds, so a status can turn only at a whole second (not_start at from, current one
   * millisecond later, end at to): the first millisecond of a second is its own answer. Only
   * `server_time_ms` is written per request, in front of the shared bytes: the web keeps its offset to
   * server time from it (docs/product/deals.md#flash-sales-on-the-web), so it must be this answer's clock,
   * not that of the second's first caller. The body is a few hundred bytes, so it is not compressed.
   */
  const prepared = new Map<Area, { snapshot: Snapshot; key: number; rest: Buffer }>();
  async function bytes(area: Area): Promise<Buffer> {
    const snapshot = await snapshotOf(area, deps.clock.now().getTime());
    // Read after the snapshot, so a load's wait does not make the answer's clock stale.
    const nowMs = deps.clock.now().getTime();
    const key = Math.floor(nowMs / 1000) * 2 + (nowMs % 1000 === 0 ? 0 : 1);
    let kept = prepared.get(area);
    if (!kept || kept.snapshot !== snapshot || kept.key !== key) {
      const { server_time_ms: _first, ...rest } = seckillLiveResponse.parse({ server_time_ms: nowMs, ...answer(snapshot, nowMs) });
      // `{"server_timestamp":…}` without its opening brace: the per-request field goes in front.
      kept = { snapshot, key, rest: Buffer.from(JSON.stringify(rest).slice(1), 'utf8') };
      prepared.set(area, kept);
    }
    return Buffer.concat([Buffer.from(`{"server_time_ms":${nowMs},`, 'utf8'), kept.rest]);
  }

  return { bytes };
}
