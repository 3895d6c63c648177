import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { makeAccount } from '../support/catalog-factories.ts';
import { makeGroup, publishPost as publishPostAs } from '../support/community-factories.ts';
import { discussionCounts, findDrift } from '../../src/modules/discussion/index.ts';
import { discussionReactions } from '../../src/modules/discussion/tables.ts';
import { accounts, pointRecords } from '../../src/modules/accounts/tables.ts';
import { integralAwards, integralCampaigns } from '../../src/modules/forum/tables.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * The forum host under a burst (decisions/0018). On PostgreSQL (DATABASE_URL) the requests really run in
 * parallel on the pool: reply likes must leave counters equal to a recount, and a points campaign must pay
 * each day exactly once however many settlements race. No answer may be a 5xx.
 */
const { t, api } = useTestApp();

const publishPost = (token: string, groupId: number) => publishPostAs(t, { token }, groupId, { content: '<p>burst</p>' });

describe('forum host under a burst', () => {
  it('keeps reply like counters exact after 400 parallel likes, dislikes and cancels on three replies', { timeout: 120_000 }, async () => {
    const { group } = await makeGroup(t);
    const author = await makeAccount(t);
    const post = await publishPost(author.token, group.id);
    const replies: number[] = [];
    for (let i = 0; i < 3; i++) replies.push((await api.native.post(`/post/${post}/reply`, { content: `hot ${i}` }, { token: author.token })).json().data.id);
    const people = await Promise.all(Array.from({ length: 30 }, () => makeAccount(t)));
    let seed = 7;
    const random = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);
    const calls = Array.from({ length: 400 }, () => {
      const who = people[Math.floor(random() * people.length)]!;
      const reply = replies[Math.floor(random() * replies.length)]!;
      const roll = random();
      if (roll < 0.7) return api.native.post(`/post/reply/${reply}/like`, { type: roll < 0.5 ? 1 : 2 }, { token: who.token });
      return api.native.delete(`/post/reply/${reply}/like`, { token: who.token });
    });
    const answers = await Promise.all(calls);
    expect(answers.filter((a) => a.statusCode >= 500).map((a) => a.body)).toEqual([]);
    // Admitted, or "already liked" (400) when the same account asks twice for the state it holds.
    expect(answers.map((a) => a.json().code).filter((c) => c !== 200 && c !== 400)).toEqual([]);
    const counts = await discussionCounts(t.deps, 'Comment', replies);
    for (const reply of replies) {
      const rows = await t.deps.db.select().from(discussionReactions).where(and(eq(discussionReactions.targetType, 'Comment'), eq(discussionReactions.targetId, reply)));
      expect(counts.get(reply)).toMatchObject({ likes: rows.filter((r) => r.state === 1).length, dislikes: rows.filter((r) => r.state === 2).length });
    }
    expect((await findDrift(t.deps.db)).filter((d) => d.targetType === 'Comment')).toEqual([]);
  });

  it('pays a points day exactly once under 40 parallel settlements and joins', { timeout: 120_000 }, async () => {
    const { group } = await makeGroup(t);
    const member = await makeAccount(t);
    const now = t.clock.now().getTime();
    const [campaign] = await t.deps.db.insert(integralCampaigns).values({
      area: 'native', groupId: group.id, title: { chs: '冲刺', en: 'Sprint' }, startsAt: new Date(now - 3_600_000), endsAt: new Date(now + 86_400_000 * 5), pointsPerDay: 7, maxDays: 3,
    }).returning();
    expect((await api.native.get(`/forum/integral/join?campaignId=${campaign!.id}`, { token: member.token })).json().code).toBe(200);
    t.clock.advance(60);
    await publishPost(member.token, group.id);
    const before = (await t.deps.db.select({ score: accounts.score }).from(accounts).where(eq(accounts.id, member.id)))[0]!.score;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => i % 4 === 0
      ? api.native.get(`/forum/integral/join?campaignId=${campaign!.id}`, { token: member.token })
      : api.native.get(`/forum/integral/participation?campaignId=${campaign!.id}`, { token: member.token })));
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 200)).toEqual([]);
    expect(answers.reduce((sum, a) => sum + a.json().data.newlyAwarded, 0)).toBe(1);
    const awards = await t.deps.db.select().from(integralAwards).where(eq(integralAwards.campaignId, campaign!.id));
    expect(awards).toHaveLength(1);
    const after = (await t.deps.db.select({ score: accounts.score }).from(accounts).where(eq(accounts.id, member.id)))[0]!.score;
    expect(after - before).toBe(7);
    const records = await t.deps.db.select().from(pointRecords).where(and(eq(pointRecords.accountId, member.id), eq(pointRecords.reason, 'forum_integral')));
    expect(records).toHaveLength(1);
  });
});
