import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { makeAccount } from '../support/catalog-factories.ts';
import { logStatements, type StatementLog } from '../support/statement-counter.ts';
import { awardScore } from '../../src/modules/accounts/index.ts';
import { pointRecords } from '../../src/modules/accounts/tables.ts';
import { lotteryDraws, lotteryPrizes } from '../../src/modules/lottery/tables.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * What a lottery draw and a red-packet opening cost the database in a rush (decisions/0047): draws waiting
 * together are made in one transaction, and once PostgreSQL has answered "nothing left" (no prize, every part
 * opened, this account already opened) the instance repeats that answer with no statement at all.
 */
const { t, api } = useTestApp();
let admin: { id: number; token: string };
let log: StatementLog;
beforeAll(async () => {
  admin = await makeAccount(t, { role: 'admin' });
  log = logStatements(t.database);
});
afterAll(async () => {
  log.stop();
});

const nowSec = () => Math.floor(t.clock.now().getTime() / 1000);
const errorsOf = (res: { json: () => { errors?: unknown } }) => res.json().errors;

async function lottery(count: number) {
  const res = await api.native.post('/api/admin/lottery_activities', {
    lottery_activity: {
      area: 'native', mode: 'points', title: { chs: '抽奖', en: 'Draw' }, from_timestamp: nowSec() - 60, to_timestamp: nowSec() + 3600, cost_points: 10,
      prizes: [{ kind: 'points', title: { chs: '5 积分', en: '5 points' }, points: 5, value: 5, weight: 1, count }],
    },
  }, { token: admin.token });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

/** An account with points whose session the server already knows (its first request read it). */
async function player(activityId: number) {
  const account = await makeAccount(t);
  await awardScore(t.deps.db, account.id, 100, 'test');
  expect((await api.native.get(`/api/lottery_activities/${activityId}/infos`, { token: account.token })).statusCode).toBe(200);
  return account;
}

const draw = (token: string, id: number) => api.native.post(`/api/lottery_activities/${id}/draws`, undefined, { token });

describe('lottery draws in a rush', () => {
  it('draws waiting together share their statements: 20 at once cost fewer than 3 single draws, each with its own prize, record and points', async () => {
    const id = await lottery(100);
    const players: { id: number; token: string }[] = [];
    for (let i = 0; i < 21; i++) players.push(await player(id));
    const single = await log.during(() => draw(players[0]!.token, id));
    expect(single.result.statusCode).toBe(201);

    const burst = await log.during(() => Promise.all(players.slice(1).map((p) => draw(p.token, id))));
    expect(burst.result.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(burst.statements.length, burst.statements.join('\n')).toBeLessThan(3 * single.statements.length);
    // Each answer is its own account's draw, with its points after: 100 - 10 spent + 5 won.
    for (const [i, res] of burst.result.entries()) {
      const body = res.json();
      expect(body.lottery_record.account.id).toBe(players[i + 1]!.id);
      expect(body.score).toBe(95);
    }
    const [prize] = await t.deps.db.select().from(lotteryPrizes).where(eq(lotteryPrizes.activityId, id));
    expect(prize!.leftCount).toBe(79);
    expect((await t.deps.db.select({ n: count() }).from(lotteryDraws).where(eq(lotteryDraws.activityId, id)))[0]!.n).toBe(21);
    expect((await t.deps.db.select({ n: count() }).from(pointRecords).where(and(eq(pointRecords.targetId, id), eq(pointRecords.reason, 'lottery_draw'))))[0]!.n).toBe(21);
    expect((await t.deps.db.select({ n: count() }).from(pointRecords).where(and(eq(pointRecords.targetId, id), eq(pointRecords.reason, 'lottery_prize'))))[0]!.n).toBe(21);
  });

  it('once PostgreSQL answered "nothing left", the next draws are refused without a statement; a close is answered at once', async () => {
    const id = await lottery(1);
    const [winner, first, next] = [await player(id), await player(id), await player(id)];
    expect((await draw(winner.token, id)).statusCode).toBe(201);
    expect(errorsOf(await draw(first.token, id))).toEqual({ lottery_activity: ['not_randomized'] });

    const refused = await log.during(() => draw(next.token, id));
    expect(errorsOf(refused.result)).toEqual({ lottery_activity: ['not_randomized'] });
    expect(refused.statements).toEqual([]);

    await api.native.patch(`/api/admin/lottery_activities/${id}`, { lottery_activity: { closed: true } }, { token: admin.token });
    t.clock.advance(1);
    expect(errorsOf(await draw(next.token, id))).toEqual({ lottery_activity: ['inactive'] });
  });
});

describe('red-packet openings in a rush', () => {
  it('once the packet is fully opened, an opener hears "opened" and anyone else "open_limit", without a statement', async () => {
    const event = (await api.native.post('/api/admin/red_packet_events', {
      event: { area: 'native', title: { chs: '红包', en: 'Red packet' }, amount: 300, parts: 3, packet_count: 5, from_timestamp: nowSec() - 60, to_timestamp: nowSec() + 3600 },
    }, { token: admin.token })).json();
    const sharer = await makeAccount(t);
    const rid = (await api.native.post(`/api/events/${event.id}/red_packets`, undefined, { token: sharer.token })).json().red_packet.id as number;
    const sid = (await api.native.get(`/api/events/${event.id}/red_packets/${rid}/shares/new`, { token: sharer.token })).json().red_packet_share.id as string;
    const opens = (token: string) => api.native.post(`/api/events/${event.id}/red_packets/${rid}/shares/${sid}/opens`, undefined, { token });

    const openers: { id: number; token: string }[] = [];
    for (let i = 0; i < 5; i++) {
      const account = await makeAccount(t);
      expect((await api.native.get(`/api/events/${event.id}/red_packets/${rid}/shares/${sid}`, { token: account.token })).statusCode).toBe(200);
      openers.push(account);
    }
    const answers = await Promise.all(openers.slice(0, 4).map((o) => opens(o.token)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 422]);
    expect(answers.reduce((sum, a) => sum + (a.statusCode === 201 ? a.json().red_packet_open.amount as number : 0), 0)).toBe(300);
    const winner = openers[answers.findIndex((a) => a.statusCode === 201)]!;

    const again = await log.during(() => opens(winner.token));
    expect(errorsOf(again.result)).toEqual({ red_packet: ['opened'] });
    expect(again.statements).toEqual([]);
    const late = await log.during(() => opens(openers[4]!.token));
    expect(errorsOf(late.result)).toEqual({ red_packet: ['open_limit'] });
    expect(late.statements).toEqual([]);
  });
});
