import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import { luaScript, type ScriptRunner } from '../../platform/kv.ts';
import { singleFlight } from '../../platform/single-flight.ts';
import { GATE_ADMISSION_LOST_MS, GATE_REFUSAL_MEMORY_MS, GATE_SYNC_MS, type GateEntry, type GateItem, type ReleasedUnits, type SeckillGate } from './gate-shape.ts';
import { seckillItems, seckillPurchases } from './tables.ts';

const MAX_REMEMBERED = 100_000;

/** Gate keys of an item nobody asks about expire; the next buyer loads them again. */
const KEY_TTL_SECONDS = 3600;

const gateKeys = (itemId: number) => [`seckill:${itemId}:left`, `seckill:${itemId}:held`, `seckill:${itemId}:pending`];

/**
 * Check-and-take in one step: -1 the keys are not loaded, 0 sold out, -2 the account holds its limit,
 * 1 admitted (one unit and one of the account's holds taken, and the admission recorded as pending until
 * it is settled). KEYS: left, held, pending. ARGV: account, limit, admission id, now (ms).
 */
const ENTER = luaScript(`
local left = tonumber(redis.call('get', KEYS[1]))
if left == nil then return -1 end
if left <= 0 then return 0 end
local held = tonumber(redis.call('hget', KEYS[2], ARGV[1]) or '0')
if held >= tonumber(ARGV[2]) then return -2 end
redis.call('decr', KEYS[1])
redis.call('hincrby', KEYS[2], ARGV[1], 1)
redis.call('hset', KEYS[3], ARGV[3], ARGV[1] .. ':' .. ARGV[4])
redis.call('expire', KEYS[3], ${KEY_TTL_SECONDS})
return 1`);

/**
 * What PostgreSQL made of an admission, or units released later. The admission (ARGV[4], empty for a
 * release) stops being pending. Taken: nothing else changes (the unit and hold are now PostgreSQL's too).
 * Sold out: the counter is 0. Otherwise the units and the account's holds go back. KEYS: left, held,
 * pending. ARGV: account, outcome, units, admission id.
 */
const SETTLE = luaScript(`
if ARGV[4] ~= '' then redis.call('hdel', KEYS[3], ARGV[4]) end
if ARGV[2] == 'taken' then return 1 end
if redis.call('exists', KEYS[1]) == 0 then return 0 end
if ARGV[2] == 'sold_out' then redis.call('set', KEYS[1], 0, 'KEEPTTL') else redis.call('incrby', KEYS[1], ARGV[3]) end
local held = tonumber(redis.call('hget', KEYS[2], ARGV[1]) or '0')
if held <= tonumber(ARGV[3]) then redis.call('hdel', KEYS[2], ARGV[1]) else redis.call('hincrby', KEYS[2], ARGV[1], -tonumber(ARGV[3])) end
return 1`);

/**
 * Replaces the counter and holds with PostgreSQL's, less what admitted buyers still on their way to
 * PostgreSQL hold: `left` = PostgreSQL's left minus the pending admissions, held = PostgreSQL's holds plus
 * the pending ones. Pending admissions older than ARGV[4] ms are dropped as lost first. Without the pending
 * part, a sync during a rush would hand out again every unit already promised to a buyer in a checkout lane
 * and fill the lanes with buyers PostgreSQL must refuse. KEYS: left, held, pending. ARGV: left, ttl, now,
 * lost-after, then account/held pairs.
 */
const LOAD = luaScript(`
local now = tonumber(ARGV[3])
local lostAfter = tonumber(ARGV[4])
local pendingOf = {}
local pending = 0
local entries = redis.call('hgetall', KEYS[3])
for i = 1, #entries, 2 do
  local account, at = string.match(entries[i + 1], '^(.*):(%d+)$')
  if at == nil or now - tonumber(at) > lostAfter then
    redis.call('hdel', KEYS[3], entries[i])
  else
    pending = pending + 1
    pendingOf[account] = (pendingOf[account] or 0) + 1
  end
end
local left = tonumber(ARGV[1]) - pending
if left < 0 then left = 0 end
redis.call('set', KEYS[1], left, 'EX', ARGV[2])
redis.call('del', KEYS[2])
for i = 5, #ARGV, 2 do
  redis.call('hset', KEYS[2], ARGV[i], tonumber(ARGV[i + 1]) + (pendingOf[ARGV[i]] or 0))
  pendingOf[ARGV[i]] = nil
end
for account, n in pairs(pendingOf) do redis.call('hset', KEYS[2], account, n) end
redis.call('expire', KEYS[2], ARGV[2])
return 1`);

/** Admitted without a hold to give back: PostgreSQL alone decides (the keys were not loaded, or Redis failed). */
const PASS: GateEntry = { admitted: { settle: async () => {} } };

let admissions = 0;
/** An admission's id, unique across the instances sharing a Redis. */
const admissionId = (() => {
  const instance = randomBytes(6).toString('base64url');
  return () => `${instance}.${(admissions += 1)}`;
})();

/** Redis (shared by every instance): stock and per-account holds checked and taken by one script. */
export class RedisSeckillGate implements SeckillGate {
  private readonly syncedAt = new Map<number, number>();
  private readonly once = singleFlight<number>();
  /** Items PostgreSQL answered sold out to a buyer of this instance since the last sync. */
  private readonly soldOut = new Set<number>();
  /** Redis's recent refusals (`GATE_REFUSAL_MEMORY_MS`): by item for sold out, by item and account for the limit. */
  private readonly emptyUntil = new Map<number, number>();
  private readonly atLimitUntil = new Map<string, number>();
  constructor(private readonly deps: Deps, private readonly scripts: ScriptRunner) {}

  get scope() {
    return this.scripts.scope;
  }

  /**
   * Whether PostgreSQL already told this instance the item is sold out: buyers admitted just before that
   * and still waiting for a lane are refused without a transaction. Cleared at the next sync, which reads
   * PostgreSQL again, and by a release.
   */
  knownSoldOut(itemId: number): boolean {
    return this.soldOut.has(itemId);
  }

  /** Loads the item's `left` and every account's held units from PostgreSQL into Redis. */
  sync(itemId: number): Promise<void> {
    return this.once(itemId, async () => {
      const startedAt = this.deps.clock.now().getTime();
      const [[item], held] = await Promise.all([
        this.deps.db.select({ left: seckillItems.left }).from(seckillItems).where(eq(seckillItems.id, itemId)),
        this.deps.db.select({ accountId: seckillPurchases.accountId, n: count() }).from(seckillPurchases)
          .where(and(eq(seckillPurchases.itemId, itemId), eq(seckillPurchases.released, false))).groupBy(seckillPurchases.accountId),
      ]);
      if (!item) return;
      await this.scripts.run(LOAD, gateKeys(itemId), [item.left, KEY_TTL_SECONDS, startedAt, GATE_ADMISSION_LOST_MS, ...held.flatMap((h) => [h.accountId, h.n])]);
      if (item.left > 0) this.soldOut.delete(itemId);
      this.syncedAt.set(itemId, startedAt);
    });
  }

  async enter(item: GateItem, accountId: number): Promise<GateEntry> {
    const nowMs = this.deps.clock.now().getTime();
    if ((this.emptyUntil.get(item.id) ?? 0) > nowMs) return { refused: 'no_inventory' };
    if ((this.atLimitUntil.get(`${item.id}:${accountId}`) ?? 0) > nowMs) return { refused: 'exceed_limit' };
    try {
      const last = this.syncedAt.get(item.id);
      const now = this.deps.clock.now().getTime();
      if (last === undefined || now - last >= GATE_SYNC_MS || now < last) await this.sync(item.id);
      const admission = admissionId();
      const ask = () => this.scripts.run(ENTER, gateKeys(item.id), [accountId, item.buyLimit, admission, this.deps.clock.now().getTime()]);
      let answer = await ask();
      if (answer === -1) {
        await this.sync(item.id);
        answer = await ask();
      }
      if (answer === 0) {
        this.emptyUntil.set(item.id, nowMs + GATE_REFUSAL_MEMORY_MS);
        return { refused: 'no_inventory' };
      }
      if (answer === -2) {
        if (this.atLimitUntil.size >= MAX_REMEMBERED) this.atLimitUntil.clear();
        this.atLimitUntil.set(`${item.id}:${accountId}`, nowMs + GATE_REFUSAL_MEMORY_MS);
        return { refused: 'exceed_limit' };
      }
      if (answer !== 1) return PASS;
      return {
        admitted: {
          settle: async (outcome) => {
            if (outcome === 'sold_out') this.soldOut.add(item.id);
            // A refused buyer's unit goes back to Redis: this instance stops repeating "sold out".
            if (outcome === 'refused') this.emptyUntil.delete(item.id);
            await this.quietly(() => this.scripts.run(SETTLE, gateKeys(item.id), [accountId, outcome, 1, admission]));
          },
        },
      };
    } catch (error) {
      // Redis unreachable: PostgreSQL alone decides, as without a gate.
      this.deps.log.warn({ err: error, itemId: item.id }, 'flash-sale gate unavailable; buyer goes to PostgreSQL');
      return PASS;
    }
  }

  async released(units: readonly ReleasedUnits[]): Promise<void> {
    for (const u of units) {
      this.soldOut.delete(u.itemId);
      this.emptyUntil.delete(u.itemId);
      this.atLimitUntil.delete(`${u.itemId}:${u.accountId}`);
      await this.quietly(() => this.scripts.run(SETTLE, gateKeys(u.itemId), [u.accountId, 'released', u.units, '']));
    }
  }

  /** Leftover work after PostgreSQL answered: if Redis fails here, the next sync puts it right. */
  private async quietly(work: () => Promise<unknown>) {
    try {
      await work();
    } catch (error) {
      this.deps.log.warn({ err: error }, 'flash-sale gate not updated; the next sync corrects it');
    }
  }
}
