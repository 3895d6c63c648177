import type { DiscussionTargetFacts } from '../src/modules/discussion/index.ts';
import { registerDiscussionTarget } from '../src/modules/discussion/index.ts';

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
