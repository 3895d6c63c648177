import type { DiscussionTargetFacts } from '../../src/modules/discussion/index.ts';
import { registerDiscussionTarget } from '../../src/modules/discussion/index.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { clients } from './client.ts';

/**
 * Stand-in targets for discussion tests: posts and Steam reviews held in memory, registered the way the
 * community and game-reviews modules register theirs, so these tests need no posts or imported reviews.
 * Install them after building the app: its setup registers the real modules' loaders, which these replace
 * for the file. Ids are unique per process.
 */
export class FakeTargets {
  readonly posts = new Map<number, DiscussionTargetFacts>();
  readonly steamReviews = new Map<number, DiscussionTargetFacts>();
  private next = 1_000 + Math.floor(Math.random() * 1_000_000);

  install(): this {
    const loader = (store: Map<number, DiscussionTargetFacts>) => ({
      load: async (_deps: unknown, ids: readonly number[]) => new Map(ids.flatMap((id) => (store.has(id) ? [[id, store.get(id)!] as const] : []))),
    });
    registerDiscussionTarget('Post', loader(this.posts));
    registerDiscussionTarget('SteamReview', loader(this.steamReviews));
    return this;
  }

  post(facts: Partial<DiscussionTargetFacts> = {}): number {
    const id = this.next++;
    this.posts.set(id, { authorId: null, area: 'native', locked: false, ...facts });
    return id;
  }

  steamReview(facts: Partial<DiscussionTargetFacts> = {}): number {
    const id = this.next++;
    this.steamReviews.set(id, { authorId: null, area: 'native', locked: false, ...facts });
    return id;
  }
}

/**
 * The app of a discussion test file: built, then the stand-in targets installed over the real loaders (in
 * that order, or the app's setup would put the real ones back), and its clients.
 */
export async function startDiscussionApp(targets: FakeTargets): Promise<{ t: TestApp; api: ReturnType<typeof clients> }> {
  const t = await createTestApp();
  targets.install();
  return { t, api: clients(t) };
}

/** A small deterministic generator for burst tests, so a failure can be replayed from its seed. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

export interface SeededComment {
  id: number;
  /** The writer's index in the accounts given. */
  owner: number;
  post: number;
}

/**
 * `count` comments written before a burst, so its replies and deletes have something to hit: the accounts take
 * turns, and so do the posts.
 */
export async function seedComments(api: ReturnType<typeof clients>, accounts: readonly { token: string }[], posts: readonly number[], count: number): Promise<SeededComment[]> {
  const seeded: SeededComment[] = [];
  for (let i = 0; i < count; i++) {
    const owner = i % accounts.length;
    const post = posts[i % posts.length]!;
    const res = await api.native.post('/api/comments', { comment: { commentable_type: 'Post', commentable_id: post, content: `seed ${i}` } }, { token: accounts[owner]!.token });
    if (res.statusCode !== 201) throw new Error(`seed comment refused: ${res.statusCode} ${res.body}`);
    seeded.push({ id: res.json().comment.id, owner, post });
  }
  return seeded;
}
