import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { serveLoad } from '../load-process.ts';

export interface DiscussionOpsInput {
  base: string;
  connections: number;
  operations: number;
  tokens: string[];
  posts: number[];
  /** The accounts' nicknames are `bench_talker_<stamp>_<index>`: comments @mention one. */
  stamp: number;
  seed: number;
}

export interface DiscussionOpsResult {
  seconds: number;
  p50: number;
  p99: number;
  statuses: Record<string, number>;
}

/** What one connection's request in flight is, for reading its answer. */
interface OpContext { who: number; name: string; post: number }

/**
 * The discussion bench's operations, out of the server's process (bench/load-process.ts): `operations`
 * requests over `connections` connections, each one chosen as it is sent — 35% like or dislike, 15% cancel,
 * 20% comment with an @mention, 15% reply to a recent comment, 15% delete of the caller's own latest comment
 * (a like when it has none) — by accounts picked at random, on the hot posts.
 */
serveLoad<DiscussionOpsInput, DiscussionOpsResult>(async (input) => {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(input.base)) throw new Error('benchmarks target loopback addresses only');
  const accountCount = input.tokens.length;
  // Each account's live comments, so a delete names one of its own, as a user's would.
  const mine = new Map<number, { id: number; post: number }[]>();
  const recent: { id: number; post: number }[] = [];
  const statuses: Record<string, number> = {};
  let seed = input.seed;
  const random = () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  const request = (context: OpContext, who: number, name: string, method: 'POST' | 'DELETE', path: string, body?: unknown) => {
    Object.assign(context, { who, name, post: 0 });
    return {
      method, path: `${path}?client=web`,
      headers: { authorization: `Bearer ${input.tokens[who]!}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    };
  };
  const setupRequest = (_req: unknown, context: OpContext) => {
    const who = Math.floor(random() * accountCount);
    const post = input.posts[Math.floor(random() * input.posts.length)]!;
    const roll = random();
    if (roll < 0.35) return request(context, who, 'like', 'POST', '/api/like', { like: { accessible_type: 'Post', accessible_id: post, type: random() < 0.75 ? 1 : 2 } });
    if (roll < 0.5) return request(context, who, 'cancel', 'POST', '/api/like', { like: { accessible_type: 'Post', accessible_id: post, type: null } });
    if (roll < 0.7) {
      const sent = request(context, who, 'comment', 'POST', '/api/comments', { comment: { commentable_type: 'Post', commentable_id: post, content: `a comment @bench_talker_${input.stamp}_${who}` } });
      context.post = post;
      return sent;
    }
    if (roll < 0.85 && recent.length > 0) {
      const parent = recent[Math.floor(random() * recent.length)]!;
      return request(context, who, 'reply', 'POST', '/api/comments', { comment: { commentable_type: 'Post', commentable_id: parent.post, commentary_id: parent.id, content: 'a reply' } });
    }
    const own = mine.get(who)?.pop();
    if (own) return request(context, who, 'delete', 'DELETE', `/api/comments/${own.id}`);
    return request(context, who, 'like', 'POST', '/api/like', { like: { accessible_type: 'Post', accessible_id: post, type: 1 } });
  };
  const onResponse = (status: number, body: string, context: OpContext) => {
    const key = `${context.name} ${status}`;
    statuses[key] = (statuses[key] ?? 0) + 1;
    if (context.name === 'comment' && status === 201) {
      const c = { id: (JSON.parse(body) as { comment: { id: number } }).comment.id, post: context.post };
      recent.push(c);
      if (recent.length > 200) recent.shift();
      mine.set(context.who, [...(mine.get(context.who) ?? []), c]);
    }
  };
  const started = performance.now();
  const result = await autocannon({
    url: input.base, connections: input.connections, amount: input.operations,
    requests: [{ setupRequest: setupRequest as never, onResponse: onResponse as never }],
  });
  return { seconds: (performance.now() - started) / 1000, p50: result.latency.p50, p99: result.latency.p99, statuses };
});
