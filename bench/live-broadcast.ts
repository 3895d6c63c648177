import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { NOTIFICATIONS_API, notificationServiceResponse } from '@lantern/contract';
import type { Deps } from '../apps/server/src/platform/deps.ts';
import { rowsOf } from '../apps/server/src/platform/db/json-rows.ts';
import { createBroadcast } from '../apps/server/src/modules/notifications/index.ts';

const wallClock = () => performance.timeOrigin + performance.now();
/** How many of the accounts ask the notification centre whether they see the broadcast. */
const SAMPLED = 200;

const rowsInTables = async (deps: Deps) => {
  const [row] = await rowsOf<{ n: number }>(deps.db, sql`
    SELECT (SELECT count(*) FROM notifications) + (SELECT count(*) FROM notification_broadcasts)
         + (SELECT count(*) FROM notification_broadcast_reads) AS n`);
  return Number(row?.n ?? 0);
};

/**
 * A staff broadcast through the real call (`createBroadcast`, as POST /api/admin/broadcasts makes it) on the
 * given accounts' site: when it started, how many notification rows it wrote (one is the target: stored once),
 * and how many of a sample of the accounts then see it unread in their notification centre on the other instance.
 */
export async function broadcastVisibility(deps: Deps, accountIds: number[], other: FastifyInstance, host: string, tokens: string[]) {
  const before = await rowsInTables(deps);
  const startedAt = wallClock();
  const { broadcast } = await createBroadcast(deps, { area: 'native', title: 'Bench broadcast', content: 'Seen by everyone, stored once.' });
  const rowsWritten = (await rowsInTables(deps)) - before;
  const step = Math.max(1, Math.floor(accountIds.length / SAMPLED));
  let unreadSeen = 0;
  let sampled = 0;
  for (let i = 0; i < accountIds.length && sampled < SAMPLED; i += step) {
    sampled++;
    const answer = await other.inject({ method: 'GET', url: NOTIFICATIONS_API.service, headers: { host, authorization: `Bearer ${tokens[i]!}` } });
    const service = notificationServiceResponse.parse(answer.json());
    if (service.broadcasts.some((b) => b.id === broadcast.id && !b.read) && service.counters.broadcast_num >= 1) unreadSeen++;
  }
  return { startedAt, rowsWritten, unreadSeen, sampled };
}
