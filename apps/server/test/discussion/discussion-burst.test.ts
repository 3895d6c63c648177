import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../support/harness.ts';
import type { clients } from '../support/client.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { FakeTargets, rng, seedComments, startDiscussionApp } from '../support/discussion-support.ts';
import { discussionCounts, findDrift } from '../../src/modules/discussion/index.ts';
import { rowsOf } from '../../src/platform/db/json-rows.ts';
import { sql } from 'drizzle-orm';

/**
 * Counters under a burst (decisions/0015): 500 requests at once — like, dislike, cancel, comment, reply and
 * delete by 40 accounts on 3 posts. On PostgreSQL (DATABASE_URL) they really run in parallel on the pool. No
 * answer may be a 5xx, and afterwards every post's counts must equal a recount of the reaction and comment rows.
 */
let t: TestApp;
let api: ReturnType<typeof clients>;
const targets = new FakeTargets();
beforeAll(async () => ({ t, api } = await startDiscussionApp(targets)));
afterAll(() => t.close());

describe('discussion counters under a burst', () => {
  it('stay equal to a recount after 500 parallel likes, dislikes, cancels, comments, replies and deletes, with no 5xx', { timeout: 120_000 }, async () => {
    const posts = [targets.post(), targets.post(), targets.post()];
    const accounts = await Promise.all(Array.from({ length: 40 }, () => makeAccount(t)));
    const seeded = await seedComments(api, accounts, posts, 30);
    const random = rng(12);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const calls = Array.from({ length: 500 }, () => {
      const who = Math.floor(random() * accounts.length);
      const token = accounts[who]!.token;
      const post = pick(posts);
      const roll = random();
      if (roll < 0.45) {
        const type = pick([1, 2, null] as const);
        return api.native.post('/api/like', { like: { accessible_type: 'Post', accessible_id: post, type } }, { token });
      }
      if (roll < 0.65) return api.native.post('/api/comments', { comment: { commentable_type: 'Post', commentable_id: post, content: 'burst' } }, { token });
      if (roll < 0.85) {
        const parent = pick(seeded);
        return api.native.post('/api/comments', { comment: { commentable_type: 'Post', commentable_id: parent.post, commentary_id: parent.id, content: 'reply' } }, { token });
      }
      const mine = seeded.filter((c) => c.owner === who);
      return api.native.delete(`/api/comments/${mine.length ? pick(mine).id : pick(seeded).id}`, { token });
    });
    const answers = await Promise.all(calls);
    const statuses = new Map<number, number>();
    for (const a of answers) statuses.set(a.statusCode, (statuses.get(a.statusCode) ?? 0) + 1);
    expect([...statuses.keys()].filter((s) => s >= 500), JSON.stringify([...statuses])).toEqual([]);
    expect([...statuses.keys()].every((s) => [200, 201, 400, 403, 404].includes(s)), JSON.stringify([...statuses])).toBe(true);
    expect(statuses.get(200)! + statuses.get(201)!).toBeGreaterThan(250);

    expect(await findDrift(t.deps.db)).toEqual([]);
    const counted = await discussionCounts(t.deps, 'Post', posts);
    for (const post of posts) {
      const [truth] = await rowsOf<{ likes: number; dislikes: number; comments: number }>(t.deps.db, sql`
        SELECT (SELECT count(*) FROM discussion_reactions WHERE target_type = 'Post' AND target_id = ${post} AND state = 1)::int AS likes,
               (SELECT count(*) FROM discussion_reactions WHERE target_type = 'Post' AND target_id = ${post} AND state = 2)::int AS dislikes,
               (SELECT count(*) FROM discussion_comments WHERE target_type = 'Post' AND target_id = ${post} AND deleted_at IS NULL)::int AS comments`);
      expect(counted.get(post)).toEqual(truth);
    }
    // Replies of a deleted comment went with it.
    const [orphans] = await rowsOf<{ n: number }>(t.deps.db, sql`
      SELECT count(*)::int AS n FROM discussion_comments r JOIN discussion_comments c ON c.id = r.parent_id
       WHERE r.deleted_at IS NULL AND c.deleted_at IS NOT NULL`);
    expect(orphans!.n).toBe(0);
  });
});
