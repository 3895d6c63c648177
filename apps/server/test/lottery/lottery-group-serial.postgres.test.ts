import { beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeAccount } from '../support/catalog-factories.ts';
import { awardScore, spendScore } from '../../src/modules/accounts/index.ts';
import { accounts } from '../../src/modules/accounts/tables.ts';
import { AppError } from '../../src/platform/errors.ts';
import { drawGroup, type GroupDraw } from '../../src/modules/lottery/draw-group.ts';
import { lotteryDraws, lotteryPrizes } from '../../src/modules/lottery/tables.ts';
import { useTestApp } from '../support/test-app.ts';
import { lockWaiters } from '../support/lock-waiters.ts';

/**
 * A grouped draw (modules/lottery/draw-group.ts) whose first member's points are spent elsewhere while the group
 * runs, the group drawing the activity's last unit (docs/decisions/0053-journeys-staff-and-commission-payouts.md,
 * "Grouped draws decide on locked scores"). Drawn one after the other, the first member is refused
 * `no_grade_left` and the second wins the unit; the group must answer the same — never both refused with the
 * unit left in stock. PostgreSQL only: the spend must really hold the account's row on another connection.
 */
const { t, api } = useTestApp();
let admin: { id: number; token: string };
beforeAll(async () => {
  admin = await makeAccount(t, { role: 'admin' });
});

const COST = 10;
const nowSec = () => Math.floor(t.clock.now().getTime() / 1000);


async function oneUnitLottery(): Promise<number> {
  const res = await api.native.post('/api/admin/lottery_activities', {
    lottery_activity: {
      area: 'native', mode: 'points', title: { chs: '最后一份', en: 'The last unit' }, from_timestamp: nowSec() - 60, to_timestamp: nowSec() + 3600, cost_points: COST,
      prizes: [{ kind: 'points', title: { chs: '5 积分', en: '5 points' }, points: 5, value: 5, weight: 1, count: 1 }],
    },
  }, { token: admin.token });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

const member = (accountId: number, activityId: number): GroupDraw => ({ accountId, activityId, buyer: { accountId, area: 'native', region: 'cn', ip: '127.0.0.1' } });

describe('a group drawing the last unit while its first member\'s points are spent elsewhere', () => {
  it('answers as the draws one after another would: the first no_grade_left, the second wins the unit', async () => {
    const activityId = await oneUnitLottery();
    const first = await makeAccount(t);
    const second = await makeAccount(t);
    await awardScore(t.deps.db, first.id, COST, 'test');
    await awardScore(t.deps.db, second.id, COST, 'test');

    // Another spend of the first member's points, holding its row until the group is waiting.
    let commitSpend!: () => void;
    const released = new Promise<void>((resolve) => { commitSpend = resolve; });
    let spent!: () => void;
    const written = new Promise<void>((resolve) => { spent = resolve; });
    const spend = t.deps.db.transaction(async (tx) => {
      expect(await spendScore(tx, first.id, COST, 'test_spend', { type: 'test', id: 1 })).toBe(true);
      spent();
      await released;
    });
    await written;

    const group = drawGroup(t.deps, t.deps.db, [member(first.id, activityId), member(second.id, activityId)]);
    await vi.waitFor(async () => expect(await lockWaiters(t.deps.db)).toBeGreaterThanOrEqual(1), { timeout: 20_000, interval: 20 });
    commitSpend();
    await spend;
    const { answers, anyLeft } = await group;

    expect(answers[0]).toBeInstanceOf(AppError);
    expect((answers[0] as AppError).errors).toEqual({ points: ['no_grade_left'] });
    expect(answers[1]).toMatchObject({ draw: { accountId: second.id }, score: COST - COST + 5 });
    expect(anyLeft).toBe(false);
    const [prize] = await t.deps.db.select({ left: lotteryPrizes.leftCount }).from(lotteryPrizes).where(eq(lotteryPrizes.activityId, activityId));
    expect(prize!.left).toBe(0);
    const draws = await t.deps.db.select({ accountId: lotteryDraws.accountId }).from(lotteryDraws).where(eq(lotteryDraws.activityId, activityId));
    expect(draws).toEqual([{ accountId: second.id }]);
    const [firstAccount] = await t.deps.db.select({ score: accounts.score }).from(accounts).where(eq(accounts.id, first.id));
    expect(firstAccount!.score).toBe(0);
  });
});
