import { redisOnPort, type PrivateRedis } from '../../test/support/private-redis.ts';

/**
 * The fault tier's own redis-server on 127.0.0.1 (port 6390 unless FAULT_REDIS_PORT says), nothing persisted, that
 * the tier kills and starts again; the shared Redis of the other tiers is never stopped. The same server the
 * in-process Redis tests start (test/support/private-redis.ts), on a fixed port.
 */
export type FaultRedis = Pick<PrivateRedis, 'url' | 'start' | 'stop'>;

export const FAULT_REDIS_PORT = Number(process.env.FAULT_REDIS_PORT ?? 6390);

export function faultRedis(): FaultRedis {
  return redisOnPort(FAULT_REDIS_PORT);
}
