import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { ACTION_LIMITS } from '@lantern/domain';
import { MODERATION_API } from '@lantern/contract';
import { makeAccount } from '../support/catalog-factories.ts';
import { accounts } from '../../src/modules/accounts/tables.ts';
import { assertMayWrite, registerReportTarget } from '../../src/modules/moderation/index.ts';
import { moderationReports } from '../../src/modules/moderation/tables.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * The rate limit under a burst: one account fires 50 actions at once. On PostgreSQL (CI's second run) they
 * really run in parallel on the pool; on PGlite they interleave on one connection. Either way exactly the
 * budget is admitted, because each attempt is counted and compared in one statement under the row's lock.
 */
const { t, api } = useTestApp({ env: { COMMUNITY_WRITE_PACE: 'on' } });
beforeAll(async () => {
  registerReportTarget('burst_note', {
    load: async (_deps, id) => ({ authorId: id, area: 'native', summary: `note ${id}` }),
    hide: async () => {},
    remove: async () => {},
  });
});

async function oldAccount() {
  const a = await makeAccount(t);
  await t.deps.db.update(accounts).set({ createdAt: new Date(t.clock.now().getTime() - 60 * 86_400_000) }).where(eq(accounts.id, a.id));
  return a;
}

describe('50 parallel actions by one account within one window', () => {
  it(`admits exactly the day's report budget (${ACTION_LIMITS.report.regular.perDay}) through POST /api/reports`, { timeout: 60_000 }, async () => {
    const reporter = await oldAccount();
    const authors = await Promise.all(Array.from({ length: 50 }, () => makeAccount(t)));
    const answers = await Promise.all(authors.map((author) =>
      api.native.post(MODERATION_API.reports, { report: { target_type: 'burst_note', target_id: author.id, reason: 'spam' } }, { token: reporter.token })));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(ACTION_LIMITS.report.regular.perDay);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50 - ACTION_LIMITS.report.regular.perDay);
    expect(answers.filter((a) => a.statusCode === 429).every((a) => a.json().errors.base[0] === 'rate_limit')).toBe(true);
    const [stored] = await t.deps.db.select({ n: count() }).from(moderationReports).where(eq(moderationReports.reporterId, reporter.id));
    expect(stored!.n).toBe(ACTION_LIMITS.report.regular.perDay);
  });

  it('admits exactly one of 50 simultaneous posts (the gap), refusing the rest with access_wait', { timeout: 60_000 }, async () => {
    const author = await oldAccount();
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => assertMayWrite(t.deps, author.id, 'post').then(() => 'ok', (e: { errors: { base: string[] } }) => e.errors.base[0])));
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'access_wait')).toHaveLength(49);
  });
});
