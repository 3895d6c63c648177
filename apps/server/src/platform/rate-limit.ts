import type { KeyValueStore } from './kv.ts';

/** Fixed-window counters over the key-value store (Redis across instances, memory on one). */
export class RateLimiter {
  constructor(private readonly kv: KeyValueStore) {}

  /** Counts one hit and says whether it is still within `limit` for the window. */
  async hit(key: string, limit: number, windowSeconds: number): Promise<{ allowed: boolean; count: number; retryAfter: number }> {
    const count = await this.kv.incr(`rl:${key}`, windowSeconds);
    const retryAfter = count > limit ? await this.kv.ttl(`rl:${key}`) : 0;
    return { allowed: count <= limit, count, retryAfter };
  }

  /** How many hits the window holds now, without counting one. */
  async count(key: string): Promise<number> {
    return Number((await this.kv.get(`rl:${key}`)) ?? 0);
  }

  async reset(key: string): Promise<void> {
    await this.kv.del(`rl:${key}`);
  }
}
