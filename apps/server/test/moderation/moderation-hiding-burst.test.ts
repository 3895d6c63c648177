import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { TestApp } from '../support/harness.ts';
import type { clients } from '../support/client.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { FakeTargets, rng, seedComments, startDiscussionApp } from '../support/discussion-support.ts';
import { findDrift, reconcileCounters } from '../../src/modules/discussion/index.ts';
import { commentModeration } from '../../src/modules/discussion/comment-states.ts';
import { discussionComments } from '../../src/modules/discussion/tables.ts';

/**
 * Hide, unhide and approve racing replies and deletes (decisions/0020): on PostgreSQL (DATABASE_URL) they run in
 * parallel on the pool. Every staff move and user write must either apply or be refused (no 5xx, no deadlock),
 * and afterwards every post's comment count must equal a recount of what is shown.
 */
let t: TestApp;
let api: ReturnType<typeof clients>;
const targets = new FakeTargets();
beforeAll(async () => ({ t, api } = await startDiscussionApp(targets)));
afterAll(() => t.close());

describe('comment counts under hides, unhides and approvals racing writes', () => {
  it('stay equal to a recount, with no 5xx', { timeout: 120_000 }, async () => {
    const posts = [targets.post(), targets.post()];
    const accounts = await Promise.all(Array.from({ length: 20 }, () => makeAccount(t)));
    const seeded: { id: number; owner: number; post: number; parent: number | null }[] = (await seedComments(api, accounts, posts, 20)).map((c) => ({ ...c, parent: null }));
    // Some pending replies for staff to approve (held as a watched word would hold them).
    for (let i = 0; i < 10; i++) {
      const parent = seeded[i]!;
      const res = await api.native.post('/api/comments', { comment: { commentable_type: 'Post', commentable_id: parent.post, commentary_id: parent.id, content: `pending ${i}` } }, { token: accounts[(i + 3) % 20]!.token });
      await t.deps.db.update(discussionComments).set({ state: 'pending' }).where(eqId(res.json().comment.id));
      seeded.push({ id: res.json().comment.id, owner: (i + 3) % 20, post: parent.post, parent: parent.id });
    }
    await reconcileFirst();
    const random = rng(7);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const ops = Array.from({ length: 300 }, async () => {
      const roll = random();
      const target = pick(seeded);
      // Staff hide, unhide and approve: the moves reports and the approval queue make (registerModeratedContent).
      if (roll < 0.2) return { status: (await commentModeration.move(t.deps, target.id, 'published', 'hidden'), 200) };
      if (roll < 0.4) return { status: (await commentModeration.move(t.deps, target.id, 'hidden', 'published'), 200) };
      if (roll < 0.5) return { status: (await commentModeration.move(t.deps, target.id, 'pending', 'published'), 200) };
      if (roll < 0.8) {
        const parent = pick(seeded.filter((c) => c.parent === null));
        const res = await api.native.post('/api/comments', { comment: { commentable_type: 'Post', commentable_id: parent.post, commentary_id: parent.id, content: 'reply' } }, { token: accounts[Math.floor(random() * 20)]!.token });
        if (res.statusCode === 201) seeded.push({ id: res.json().comment.id, owner: -1, post: parent.post, parent: parent.id });
        return { status: res.statusCode };
      }
      const res = await api.native.delete(`/api/comments/${target.id}`, { token: accounts[Math.max(0, target.owner)]!.token });
      return { status: res.statusCode };
    });
    const answers = await Promise.all(ops);
    const statuses = [...new Set(answers.map((a) => a.status))];
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.every((s) => [200, 201, 403, 404].includes(s)), JSON.stringify(statuses)).toBe(true);
    expect((await findDrift(t.deps.db)).filter((d) => posts.includes(d.targetId))).toEqual([]);
  });
});

describe('authors deleting replies and comments while staff hide, unhide and delete them', () => {
  it('keep counts equal to a recount, with no live reply under a deleted comment, no deadlock and no 5xx', { timeout: 120_000 }, async () => {
    const posts = [targets.post(), targets.post()];
    const accounts = await Promise.all(Array.from({ length: 12 }, () => makeAccount(t)));
    type Seeded = { id: number; owner: number; post: number; parent: number | null };
    const comments: Seeded[] = [];
    const replies: Seeded[] = [];
    const write = async (owner: number, post: number, parent: number | null) => {
      const res = await api.native.post('/api/comments', { comment: { commentable_type: 'Post', commentable_id: post, commentary_id: parent, content: 'seed' } }, { token: accounts[owner]!.token });
      return { id: res.json().comment.id as number, owner, post, parent };
    };
    for (let i = 0; i < 12; i++) comments.push(await write(i, posts[i % 2]!, null));
    for (let i = 0; i < 48; i++) {
      const parent = comments[i % 12]!;
      replies.push(await write((i * 5) % 12, parent.post, parent.id));
    }
    const random = rng(21);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const remove = async (c: Seeded) => (await api.native.delete(`/api/comments/${c.id}`, { token: accounts[c.owner]!.token })).statusCode;
    const ops = Array.from({ length: 300 }, async () => {
      const roll = random();
      if (roll < 0.3) return remove(pick(replies));
      if (roll < 0.38) return remove(pick(comments));
      const either = random() < 0.7 ? pick(replies) : pick(comments);
      if (roll < 0.53) return (await commentModeration.move(t.deps, either.id, 'published', 'hidden'), 200);
      if (roll < 0.68) return (await commentModeration.move(t.deps, either.id, 'hidden', 'published'), 200);
      if (roll < 0.75) return (await commentModeration.takeDown(t.deps, pick(replies).id), 200);
      const parent = pick(comments);
      const who = Math.floor(random() * accounts.length);
      const res = await api.native.post('/api/comments', { comment: { commentable_type: 'Post', commentable_id: parent.post, commentary_id: parent.id, content: 'reply' } }, { token: accounts[who]!.token });
      if (res.statusCode === 201) replies.push({ id: res.json().comment.id, owner: who, post: parent.post, parent: parent.id });
      return res.statusCode;
    });
    const statuses = [...new Set(await Promise.all(ops))];
    expect(statuses.every((s) => [200, 201, 404].includes(s)), JSON.stringify(statuses)).toBe(true);
    expect((await findDrift(t.deps.db)).filter((d) => posts.includes(d.targetId))).toEqual([]);
    const live = await t.deps.db.select({ id: discussionComments.id, parentId: discussionComments.parentId, deletedAt: discussionComments.deletedAt })
      .from(discussionComments).where(inArray(discussionComments.targetId, posts));
    const deleted = new Set(live.filter((r) => r.deletedAt !== null).map((r) => r.id));
    expect(live.filter((r) => r.deletedAt === null && r.parentId !== null && deleted.has(r.parentId))).toEqual([]);
  });
});

const eqId = (id: number) => eq(discussionComments.id, id);
/** The pending replies were set by hand above (as a held write stores them): the sweep takes their counts back. */
async function reconcileFirst() {
  await reconcileCounters(t.deps);
}
