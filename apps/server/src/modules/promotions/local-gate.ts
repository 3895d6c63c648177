import { eq } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import { singleFlight } from '../../platform/single-flight.ts';
import { GATE_SYNC_MS, type GateEntry, type GateItem, type ReleasedUnits, type SeckillGate } from './gate-shape.ts';
import { seckillItems } from './tables.ts';

/**
 * Without Redis: one instance's "sold out" flag per item, from PostgreSQL (read at most once a second while
 * asked) and from its own sold-out answers. It only ever refuses; admitting is PostgreSQL's. Per-account
 * limits are not kept here (an instance cannot see another's buyers): PostgreSQL answers them.
 */
export class LocalSeckillGate implements SeckillGate {
  private readonly soldOut = new Map<number, boolean>();
  private readonly syncedAt = new Map<number, number>();
  private readonly once = singleFlight<number>();
  readonly scope = `local:${Math.random()}`;
  constructor(private readonly deps: Deps) {}

  private sync(itemId: number): Promise<void> {
    return this.once(itemId, async () => {
      const startedAt = this.deps.clock.now().getTime();
      const [item] = await this.deps.db.select({ left: seckillItems.left }).from(seckillItems).where(eq(seckillItems.id, itemId));
      this.soldOut.set(itemId, (item?.left ?? 0) <= 0);
      this.syncedAt.set(itemId, startedAt);
    });
  }

  async enter(item: GateItem): Promise<GateEntry> {
    const last = this.syncedAt.get(item.id);
    const now = this.deps.clock.now().getTime();
    if (last === undefined || now - last >= GATE_SYNC_MS || now < last) await this.sync(item.id);
    if (this.soldOut.get(item.id)) return { refused: 'no_inventory' };
    return {
      admitted: {
        settle: async (outcome) => {
          if (outcome === 'sold_out') this.soldOut.set(item.id, true);
        },
      },
    };
  }

  async released(units: readonly ReleasedUnits[]): Promise<void> {
    for (const u of units) this.soldOut.set(u.itemId, false);
  }

  knownSoldOut(itemId: number): boolean {
    return this.soldOut.get(itemId) === true;
  }
}
