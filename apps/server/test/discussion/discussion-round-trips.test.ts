import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount } from '../support/catalog-factories.ts';
import { updateAccount } from '../support/factories.ts';
import { FakeTargets } from '../support/discussion-support.ts';
import { logStatements, type StatementLog } from '../support/statement-counter.ts';
import { viewerReactions } from '../../src/modules/discussion/index.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * What each discussion write costs the database, in round trips (decisions/0015, "Round trips"): the issue's
 * write rate on hot posts is bound by them, so each operation's count is pinned here and cannot grow
 * unnoticed. Counted where the driver sends statements (BEGIN and COMMIT included), for a writer whose
 * session and standing the instance already holds (both kept 5 s), on stand-in targets held in memory: a
 * real target's loader adds its owner's read (one, for a post). The write pace is on, as in production, so
 * this is the path a real like or comment takes; each writer comments once, inside the pace of a new account.
 */
const { t, api } = useTestApp({ env: { COMMUNITY_WRITE_PACE: 'on' } });
let log: StatementLog;
const targets = new FakeTargets();
beforeAll(async () => {
  targets.install();
  log = logStatements(t.database);
});
afterAll(async () => {
  log.stop();
});

/**
 * What telling someone costs after a write that reaches them (decisions/0027, "One statement"): one statement,
 * atomic on its own with no BEGIN or COMMIT — the notifications with their counters (the block and settings
 * checks and the writer's name in it), the live streams' positions and their events, for every recipient at
 * once. A write that reaches nobody (the stand-in post has no author) costs nothing more.
 */
const NOTIFY = 1;

/**
 * A delete's transaction opens with its lock, sent with the BEGIN in one round trip on node-postgres
 * (platform/db/client.ts, `transactionOpenedBy`); PGlite, one connection with no round trip to save, runs the
 * BEGIN on its own.
 */
const BEGIN_APART = process.env.DATABASE_URL ? 0 : 1;

/**
 * The write pace (moderation's guard, docs/product/community.md#moderation): every like, dislike, cancel,
 * comment and reply counts one attempt of its writer in one upsert before it writes, refused or not.
 */
const PACE = 1;

/** The round trips of each operation, as pinned. */
const ROUND_TRIPS = {
  like: PACE + 1,
  dislike: PACE + 1,
  switch: PACE + 2,
  'like again (400)': PACE + 1,
  cancel: PACE + 1,
  comment: PACE + 1,
  'comment with an @mention': PACE + 2 + NOTIFY,
  reply: PACE + 1 + NOTIFY,
  'delete a reply': 3 + BEGIN_APART,
  'delete a comment with its replies': 3 + BEGIN_APART,
} as const;

describe('discussion writes', () => {
  it('each take the pinned number of database round trips, and answer the counts after them', async () => {
    const post = targets.post();
    // a and b like and comment, c @mentions b, d replies again (a new account may comment once in 30 s).
    const [a, b, c, d, warm] = [await makeAccount(t), await makeAccount(t), await makeAccount(t), await makeAccount(t), await makeAccount(t)];
    await updateAccount(t, b.id, { nickname: `friend_${b.id}` });
    // Each writer's session and standing read once, as any writer's first write in five seconds does, and the
    // watched words the instance keeps for a while.
    const elsewhere = targets.post();
    for (const who of [a, b, c, d]) {
      expect((await api.native.post('/api/like', { like: { accessible_type: 'Post', accessible_id: elsewhere } }, { token: who.token })).statusCode).toBe(200);
    }
    expect((await api.native.post('/api/comments', { comment: { commentable_type: 'Post', commentable_id: elsewhere, content: 'warm' } }, { token: warm.token })).statusCode).toBe(201);

    const seen: Record<string, number> = {};
    const measure = async (name: keyof typeof ROUND_TRIPS, call: () => ReturnType<typeof api.native.post>) => {
      const { result, statements } = await log.during(call);
      seen[name] = statements.length;
      expect(statements.length, `${name}:\n${statements.join('\n')}`).toBe(ROUND_TRIPS[name]);
      return result;
    };
    const like = (who: typeof a, type: 1 | 2 | null) => () => api.native.post('/api/like', { like: { accessible_type: 'Post', accessible_id: post, type } }, { token: who.token });
    const comment = (who: typeof a, body: Record<string, unknown>) => () =>
      api.native.post('/api/comments', { comment: { commentable_type: 'Post', commentable_id: post, ...body } }, { token: who.token });
    const remove = (who: typeof a, id: number) => () => api.native.delete(`/api/comments/${id}`, { token: who.token });

    expect((await measure('like', like(a, 1))).json().like).toMatchObject({ likes_count: 1, dislikes_count: 0, like_type: 1 });
    expect((await measure('dislike', like(b, 2))).json().like).toMatchObject({ likes_count: 1, dislikes_count: 1, like_type: 2 });
    expect((await measure('switch', like(a, 2))).json().like).toMatchObject({ likes_count: 0, dislikes_count: 2, like_type: 2 });
    expect((await measure('like again (400)', like(a, 2))).json().errors).toEqual({ account_id: ['taken'] });
    expect((await measure('cancel', like(a, null))).json().like).toMatchObject({ likes_count: 0, dislikes_count: 1, like_type: null });

    const first = (await measure('comment', comment(a, { content: 'first' }))).json();
    expect(first).toMatchObject({ comment: { account: { id: a.id }, content: 'first' }, commentable: { comments_count: 1, dislikes_count: 1, like_type: null } });
    const mention = (await measure('comment with an @mention', comment(c, { content: `hi @friend_${b.id}` }))).json();
    expect(mention.comment.at_users).toEqual([{ id: b.id, nickname: `friend_${b.id}` }]);
    const reply = (await measure('reply', comment(b, { commentary_id: first.comment.id, content: 'a reply' }))).json();
    expect(reply).toMatchObject({ comment: { reply: true, account: { id: b.id, nickname: `friend_${b.id}` } }, commentable: { comments_count: 3, like_type: 2 } });
    await comment(d, { commentary_id: first.comment.id, content: 'another reply' })();

    expect((await measure('delete a reply', remove(b, reply.comment.id))).json()).toMatchObject({ deleted_count: 1, commentary_id: first.comment.id, commentable: { comments_count: 3 } });
    expect((await measure('delete a comment with its replies', remove(a, first.comment.id))).json()).toMatchObject({ deleted_count: 2, commentary_id: null, commentable: { comments_count: 1 } });
    expect(seen).toEqual(ROUND_TRIPS);
  });

  it('asks for the likes of readers reading at the same moment in one statement, each answered their own', async () => {
    const posts = [targets.post(), targets.post()];
    const readers = await Promise.all(Array.from({ length: 6 }, () => makeAccount(t)));
    // Readers 0–2 like the first post, 3 dislikes it, 4 likes the second; reader 5 has no reaction.
    const reactions: [number, number, 1 | 2][] = [[0, 0, 1], [1, 0, 1], [2, 0, 1], [3, 0, 2], [4, 1, 1]];
    for (const [who, post, type] of reactions) {
      expect((await api.native.post('/api/like', { like: { accessible_type: 'Post', accessible_id: posts[post], type } }, { token: readers[who]!.token })).statusCode).toBe(200);
    }
    const { result, statements } = await log.during(() =>
      Promise.all(readers.map((r) => viewerReactions(t.deps, r.id, 'Post', posts))));
    expect(statements, statements.join('\n')).toHaveLength(1);
    expect(result.map((held) => [held.get(posts[0]!) ?? null, held.get(posts[1]!) ?? null])).toEqual([[1, null], [1, null], [1, null], [2, null], [null, 1], [null, null]]);
  });
});
