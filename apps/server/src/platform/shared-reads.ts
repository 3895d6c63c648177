import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from './clock.ts';
import type { KeyValueStore } from './kv.ts';
import type { ResponseCache } from './response-cache.ts';
import { findOwnMarks, markOwn } from './own-marks.ts';
import { PreparedJson, sendJson, sendJsonBytes } from './send-json.ts';

/**
 * Reads every reader shares, with read-your-writes (decisions/0016 "Reading at speed"). A list or page that is
 * the same for everyone but for a little of the reader's own state (`own`, their like) is built once per key
 * and cache lifetime, validated then, and kept as its value and as prepared bytes. Guests are sent the bytes;
 * a signed-in reader gets the value with their own state laid over it — unless they changed something
 * themselves within the cache's lifetime: then their answers are built fresh, so what they just wrote, liked or
 * deleted is on their screen at once. Any successful write by a signed-in account marks it in the key-value
 * store (Redis across instances) before its answer leaves, so the next read, on whichever instance, sees it.
 */
interface SharedDeps {
  kv: KeyValueStore;
  cache: ResponseCache;
}

const markOf = (accountId: number) => `recent-write:${accountId}`;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * An account this instance marked less than this long ago is not marked again: the mark it set lives one
 * second beyond the cache's lifetime, so it still outlives, by half a second, every copy cached before the
 * new write. A buyer's create-then-pay, or a burst of likes, costs one round trip to the store, not one each.
 */
const REMARK_AFTER_MS = 500;
/** Bounds the memory of who was marked when; forgetting only costs a mark set again. */
const MAX_REMEMBERED = 10_000;

/** Marks the writer of every successful signed-in write (nothing to do with the cache off). */
export function registerRecentWrites(app: FastifyInstance, deps: SharedDeps & { clock: Clock }) {
  if (!deps.cache.enabled) return;
  const markedAt = new Map<number, number>();
  app.addHook('onSend', (request, reply, payload, done) => {
    const accountId = request.auth?.accountId;
    if (accountId === undefined || !WRITES.has(request.method) || reply.statusCode >= 400) return done(null, payload);
    const now = deps.clock.now().getTime();
    const last = markedAt.get(accountId);
    if (last !== undefined && now >= last && now - last < REMARK_AFTER_MS) return done(null, payload);
    // One second beyond the cache's lifetime: every copy cached before the write has expired by then.
    deps.kv.set(markOf(accountId), '1', deps.cache.ttl + 1).then(() => {
      if (markedAt.size >= MAX_REMEMBERED) markedAt.clear();
      markedAt.set(accountId, now);
      done(null, payload);
    }, () => {
      // The write has committed: its answer goes out as it is (decision 0049). Reads are fresh meanwhile (wroteRecently).
      done(null, payload);
    });
  });
}

const FORGET_CHANNEL = 'shared-reads:forget';

/**
 * Listens for shared reads other instances forget (`forgetSharedReads`); the application registers it with the
 * recent-write marks. Without pub/sub another instance's copies stay at most the cache's lifetime.
 */
export async function listenForForgottenReads(deps: SharedDeps): Promise<void> {
  if (!deps.cache.enabled) return;
  await deps.kv.subscribe(FORGET_CHANNEL, (prefix) => deps.cache.forget(prefix)).catch(() => undefined);
}

/**
 * Forgets the shared reads whose keys start with `prefix`, here and on every other instance: for a change every
 * reader must see at once (an article published, taken down), not within the cache's lifetime. Call it after
 * the change has committed.
 */
export async function forgetSharedReads(deps: SharedDeps, prefix: string): Promise<void> {
  if (!deps.cache.enabled) return;
  deps.cache.forget(prefix);
  await deps.kv.publish(FORGET_CHANNEL, prefix).catch(() => undefined);
}

/** Whether the account wrote within the cache's lifetime (its reads must then be built fresh). */
export async function wroteRecently(deps: SharedDeps, accountId: number): Promise<boolean> {
  if (!deps.cache.enabled) return false;
  // Fails closed: while the shared store is away a mark set on another instance cannot be seen, so every
  // signed-in read is built fresh (decision 0049).
  if (deps.kv.reachable?.() === false) return true;
  return (await deps.kv.get(markOf(accountId))) !== null;
}

export interface SharedRead<T> {
  /** The cache key: everything the answer depends on but the reader. */
  key: string;
  schema: { parse(value: unknown): T };
  /** Builds the answer for a reader (null: as a guest sees it). */
  build: (viewerId: number | null) => Promise<T>;
  /**
   * Lays a signed-in reader's own state over the shared answer; answers `shared` itself when there is none.
   * With `owners`, the reader's `own` flags are not its business: they are marked in the shared bytes after it.
   */
  overlay: (shared: T, viewerId: number) => T | Promise<T>;
  /**
   * For a list whose items each say `"own":false`: the account owning each item, in the order they are
   * serialized. A reader who owns some of them is sent the shared bytes with theirs marked (platform/own-marks.ts).
   */
  owners?: (shared: T) => readonly number[];
}

/**
 * Answers a shared read: a guest the cached bytes, a signed-in reader the cached value with their overlay,
 * a reader who wrote recently a fresh build. Errors (404…) are never cached.
 */
export async function answerShared<T>(deps: SharedDeps, request: FastifyRequest, reply: FastifyReply, viewerId: number | null, read: SharedRead<T>) {
  if (viewerId !== null && (await wroteRecently(deps, viewerId))) return read.build(viewerId);
  const building = deps.cache.get(read.key, async () => {
    const value = read.schema.parse(await read.build(null));
    const json = new PreparedJson(JSON.stringify(value));
    return { value, json, marks: read.owners ? findOwnMarks(json.body, read.owners(value)) : null };
  });
  // What no guest may see (a pending or hidden post) may still be the reader's own: theirs is built fresh.
  const shared = viewerId === null ? await building : await building.catch((error: unknown) => {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  });
  if (shared === null) return read.build(viewerId!);
  if (viewerId === null) return sendJson(request, reply, shared.json);
  const overlaid = await read.overlay(shared.value, viewerId);
  if (overlaid === shared.value && read.owners) {
    // The reader's items marked in the shared bytes; an answer shaped otherwise than its marks expect is built.
    if (shared.marks === null) return read.owners(shared.value).includes(viewerId) ? read.build(viewerId) : sendJson(request, reply, shared.json);
    const marked = markOwn(shared.json.body, shared.marks, viewerId);
    return marked === null ? sendJson(request, reply, shared.json) : sendJsonBytes(reply, marked);
  }
  // Nothing of the reader's own on it (the usual case): the shared bytes as they are.
  if (overlaid === shared.value) return sendJson(request, reply, shared.json);
  // The overlay changes fields already validated to values of their own type: sent without validating again.
  return sendJsonBytes(reply, Buffer.from(JSON.stringify(overlaid), 'utf8'));
}
