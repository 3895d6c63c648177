import { sql } from 'drizzle-orm';
import { BUDGET_WINDOW_SECONDS, type ActionLimit, type CommunityAction, type ThrottleVerdict } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { rowsOf } from '../../platform/db/json-rows.ts';
import { moderationThrottles as t } from './tables.ts';

/**
 * Counts one attempt of `action` by the account and says whether it is admitted (domain `throttleVerdict`
 * is the rule this statement applies). One upsert reads and moves the counters under the row's lock, so 50
 * parallel attempts are compared one after the other and exactly the budget gets through, on PGlite and on
 * PostgreSQL, across every instance; the time is the service clock's, so tests move it (decisions/0013).
 * A refused attempt changes neither the last time nor the budget: waiting is what clears it.
 */
export async function countAttempt(deps: Deps, accountId: number, action: CommunityAction, limit: ActionLimit, now: Date): Promise<{ verdict: ThrottleVerdict; retryAfter: number }> {
  // The existing row is `t` (the insert's alias); column objects would render the table's own name, which ON CONFLICT does not accept.
  const gap = sql`t.last_at + make_interval(secs => ${limit.gapSeconds}::int) <= ${now}::timestamptz`;
  const expired = sql`t.window_start + make_interval(secs => ${BUDGET_WINDOW_SECONDS}::int) <= ${now}::timestamptz`;
  const budget = sql`(${expired} or t.window_count < ${limit.perDay}::int)`;
  const admit = sql`(${gap} and ${budget})`;
  const [row] = await rowsOf<{ verdict: ThrottleVerdict; last_at: string | Date; window_start: string | Date }>(
    deps.db,
    sql`insert into ${t} as t (account_id, action, last_at, window_start, window_count, verdict, attempts)
      values (${accountId}, ${action}, ${now}::timestamptz, ${now}::timestamptz, 1, 'ok', 1)
      on conflict (account_id, action) do update set
        verdict = case when not ${gap} then 'access_wait' when not ${budget} then 'rate_limit' else 'ok' end,
        last_at = case when ${admit} then ${now}::timestamptz else t.last_at end,
        window_start = case when ${admit} and ${expired} then ${now}::timestamptz else t.window_start end,
        window_count = case when ${admit} then (case when ${expired} then 1 else t.window_count + 1 end) else t.window_count end,
        attempts = t.attempts + 1
      returning verdict, last_at, window_start`,
  );
  const verdict = row!.verdict;
  const ms = now.getTime();
  if (verdict === 'access_wait') return { verdict, retryAfter: Math.max(1, Math.ceil((new Date(row!.last_at).getTime() + limit.gapSeconds * 1000 - ms) / 1000)) };
  if (verdict === 'rate_limit') return { verdict, retryAfter: Math.max(1, Math.ceil((new Date(row!.window_start).getTime() + BUDGET_WINDOW_SECONDS * 1000 - ms) / 1000)) };
  return { verdict, retryAfter: 0 };
}
