import { and, asc, count, eq, isNull, or } from 'drizzle-orm';
import { normalizeWord, screenOutcome, screenTexts, type Area, type ScreenAction, type ScreenedSurface, type WatchedWordAction } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { fail } from '../../platform/errors.ts';
import { moderationWatchedWords as words } from './tables.ts';

/** How long an instance uses its copy of the word list before reading it again; changes reach the others at once through kv pub/sub. */
export const WORDS_REFRESH_SECONDS = 30;
const CHANNEL = 'moderation:words';

interface CachedWord {
  word: string;
  action: WatchedWordAction;
  area: Area | null;
}

interface WordCache {
  list: CachedWord[] | null;
  loadedAt: number;
  /** Bumped by every invalidation: a load that started before one does not keep what it read. */
  generation: number;
  loading: Promise<CachedWord[]> | null;
  subscribed: boolean;
}

/** One cache per application instance (tests build several apps in one process). */
const caches = new WeakMap<Deps, WordCache>();

function cacheOf(deps: Deps): WordCache {
  let cache = caches.get(deps);
  if (!cache) caches.set(deps, (cache = { list: null, loadedAt: 0, generation: 0, loading: null, subscribed: false }));
  return cache;
}

function invalidateLocally(cache: WordCache) {
  cache.generation++;
  cache.list = null;
  cache.loading = null;
}

async function wordList(deps: Deps): Promise<CachedWord[]> {
  const cache = cacheOf(deps);
  if (!cache.subscribed) {
    cache.subscribed = true;
    await deps.kv.subscribe(CHANNEL, () => invalidateLocally(cache)).catch(() => {
      // Without pub/sub the other instances see a change within WORDS_REFRESH_SECONDS.
    });
  }
  const now = deps.clock.now().getTime();
  if (cache.list && now - cache.loadedAt < WORDS_REFRESH_SECONDS * 1000) return cache.list;
  if (!cache.loading) {
    const generation = cache.generation;
    const loading = deps.db
      .select({ word: words.word, action: words.action, area: words.area })
      .from(words)
      .then((rows) => {
        if (cache.generation === generation) {
          cache.list = rows;
          cache.loadedAt = deps.clock.now().getTime();
        }
        return rows;
      })
      .finally(() => {
        if (cache.loading === loading) cache.loading = null;
      });
    cache.loading = loading;
  }
  return cache.loading;
}

/** Tells this instance and the others that the list changed. */
async function invalidate(deps: Deps) {
  invalidateLocally(cacheOf(deps));
  await deps.kv.publish(CHANNEL, '1').catch(() => undefined);
}

/**
 * Screens what a user is about to publish on a site against the watched words (docs/product/community.md#watched-words).
 * A `block` word refuses it with the spec's silent 422 `censor_words: banned`; otherwise the answer is the
 * strongest action found (`require_approval`, `flag`, `censor`, or `allow`), the texts with censor words
 * replaced by `***`, and the words found (for the staff's flag).
 */
export async function screenText(deps: Deps, texts: string[], area: Area): Promise<{ action: ScreenAction; texts: string[]; words: string[] }> {
  const list = (await wordList(deps)).filter((w) => w.area === null || w.area === area);
  const result = screenTexts(texts, list);
  if (result.action === 'block') throw fail.unprocessable('censor_words', 'banned');
  return { action: result.action, texts: result.texts, words: result.words };
}

/**
 * Screens the texts of one surface and applies what that surface does with the words found (the domain's
 * `screenOutcome`): refused with 422 `censor_words: banned`; else the texts to store (censor words masked),
 * whether to hold them for staff (`hold`: stored, shown to nobody else until approved) and the flag words
 * found (for a system report where the surface has a report target).
 */
export async function screenFor(deps: Deps, surface: ScreenedSurface, texts: string[], area: Area): Promise<{ texts: string[]; hold: boolean; flagged: string[] }> {
  const list = (await wordList(deps)).filter((w) => w.area === null || w.area === area);
  const result = screenTexts(texts, list);
  const outcome = screenOutcome(surface, result.action);
  if (outcome === 'refuse') throw fail.unprocessable('censor_words', 'banned');
  return { texts: result.texts, hold: outcome === 'hold', flagged: result.action === 'flag' ? result.words : [] };
}

// ---------------------------------------------------------------------------------------------------------
// Staff

function present(row: typeof words.$inferSelect) {
  return { id: row.id, word: row.word, action: row.action, area: row.area, created_at_timestamp: toTimestamp(row.createdAt) };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export async function listWatchedWords(deps: Deps, query: { page: number; per: number; area?: Area }) {
  const where = query.area ? or(isNull(words.area), eq(words.area, query.area)) : undefined;
  const rows = await deps.db.select().from(words).where(where).orderBy(asc(words.normalized), asc(words.id)).limit(query.per).offset((query.page - 1) * query.per);
  const [total] = await deps.db.select({ n: count() }).from(words).where(where);
  return { watched_words: rows.map(present), meta: { total_count: total!.n, page: query.page, per: query.per } };
}

export async function createWatchedWord(deps: Deps, staffId: number, input: { word: string; action: WatchedWordAction; area: Area | null }) {
  const normalized = normalizeWord(input.word);
  if (!normalized) throw fail.unprocessable('word', 'blank');
  try {
    const [row] = await deps.db
      .insert(words)
      .values({ word: input.word.trim(), normalized, action: input.action, area: input.area, createdBy: staffId, createdAt: deps.clock.now() })
      .returning();
    await invalidate(deps);
    return present(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw fail.unprocessable('word', 'taken');
    throw error;
  }
}

export async function updateWatchedWord(deps: Deps, id: number, input: { word?: string; action?: WatchedWordAction; area?: Area | null }) {
  const normalized = input.word === undefined ? undefined : normalizeWord(input.word);
  if (normalized === '') throw fail.unprocessable('word', 'blank');
  try {
    const [row] = await deps.db
      .update(words)
      .set({
        ...(input.word !== undefined && { word: input.word.trim(), normalized }),
        ...(input.action !== undefined && { action: input.action }),
        ...(input.area !== undefined && { area: input.area }),
      })
      .where(eq(words.id, id))
      .returning();
    if (!row) throw fail.notFound();
    await invalidate(deps);
    return present(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw fail.unprocessable('word', 'taken');
    throw error;
  }
}

export async function deleteWatchedWord(deps: Deps, id: number) {
  const rows = await deps.db.delete(words).where(and(eq(words.id, id))).returning({ id: words.id });
  if (rows.length === 0) throw fail.notFound();
  await invalidate(deps);
}
