import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../support/harness.ts';
import type { clients } from '../support/client.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { FakeTargets, startDiscussionApp } from '../support/discussion-support.ts';
import { eventually, startObservedJobs } from '../support/jobs-support.ts';
import { discussionCounts, discussionModule, findDrift, reconcileDirtyCounters } from '../../src/modules/discussion/index.ts';
import { discussionCounterRepairs, discussionCounters, discussionDirtyTargets } from '../../src/modules/discussion/tables.ts';

/**
 * The reconcile recounts only the targets written since its last run (the dirty set), every ten minutes, and
 * everything once a day as a backstop (decisions/0020).
 */
let t: TestApp;
let api: ReturnType<typeof clients>;
const targets = new FakeTargets();
beforeAll(async () => ({ t, api } = await startDiscussionApp(targets)));
afterAll(() => t.close());

const like = (who: { token: string }, id: number) => api.native.post('/api/like', { like: { accessible_type: 'Post', accessible_id: id } }, { token: who.token });
const dirty = async () => (await t.deps.db.select().from(discussionDirtyTargets)).map((d) => d.targetId);
/** Drift made by hand (a lost write): no write marks the target. */
const driftByHand = (id: number, likes: number) =>
  t.deps.db.insert(discussionCounters).values({ targetType: 'Post', targetId: id, shard: 5, likes, dislikes: 0, comments: 0 })
    .onConflictDoUpdate({ target: [discussionCounters.targetType, discussionCounters.targetId, discussionCounters.shard], set: { likes: sql`${discussionCounters.likes} + ${likes}` } });
const likesOf = async (id: number) => (await discussionCounts(t.deps, 'Post', [id])).get(id)!.likes;

describe('reconcile only what moved', () => {
  it('marks every written target, recounts those and takes them out of the set; an unmarked one waits for the sweep', async () => {
    const [written, quiet] = [targets.post(), targets.post()];
    const a = await makeAccount(t);
    await like(a, quiet);
    await reconcileDirtyCounters(t.deps);
    expect(await dirty()).not.toContain(quiet);

    await like(a, written);
    const comment = await api.native.post('/api/comments', { comment: { commentable_type: 'Post', commentable_id: written, content: 'hi' } }, { token: a.token });
    expect(comment.statusCode).toBe(201);
    const reply = await api.native.post('/api/comments', { comment: { commentable_type: 'Post', commentable_id: written, commentary_id: comment.json().comment.id, content: 'a reply' } }, { token: a.token });
    expect(reply.statusCode).toBe(201);
    expect(await dirty()).toContain(written);
    await driftByHand(written, 3);
    await driftByHand(quiet, 2);

    const run = await reconcileDirtyCounters(t.deps);
    expect(run.repaired.map((d) => [d.targetId, d.likes])).toEqual([[written, 3]]);
    expect(run.checked).toBeGreaterThanOrEqual(1);
    expect(await dirty()).not.toContain(written);
    expect(await likesOf(written)).toBe(1);
    // The comment and its reply were counted right: only the hand-made likes drifted.
    expect((await discussionCounts(t.deps, 'Post', [written])).get(written)!.comments).toBe(2);
    // Not written since: the ten-minute run leaves it, the full sweep repairs it.
    expect(await likesOf(quiet)).toBe(3);
    expect((await findDrift(t.deps.db)).map((d) => d.targetId)).toContain(quiet);
  });

  it('runs the dirty recount every ten minutes and the full sweep once a day, on the clock', async () => {
    const [written, quiet] = [targets.post(), targets.post()];
    const a = await makeAccount(t);
    await like(a, written);
    await like(a, quiet);
    const jobs = startObservedJobs(t.deps, discussionModule.jobs!);
    try {
      await jobs.afterTicks(3);
      await eventually(async () => expect(await dirty()).not.toContain(written));
      await driftByHand(written, 4);
      await driftByHand(quiet, 4);
      await like(a, written).then(() => api.native.post('/api/like', { like: { accessible_type: 'Post', accessible_id: written, type: null } }, { token: a.token }));
      await jobs.afterTicks(3);
      // Not ten minutes yet: nothing repaired.
      expect(await likesOf(written)).toBe(4);
      t.clock.advance(10 * 60 + 1);
      await eventually(async () => expect(await likesOf(written)).toBe(0));
      expect(await likesOf(quiet)).toBe(5);
      t.clock.advance(24 * 60 * 60);
      await eventually(async () => expect(await likesOf(quiet)).toBe(1));
      const repairs = await t.deps.db.select().from(discussionCounterRepairs);
      expect(repairs.filter((r) => r.targetId === quiet).map((r) => r.likesDrift)).toEqual([4]);
    } finally {
      await jobs.stop();
    }
  });
});
