import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { CategoryRef, TagRef } from '@lantern/contract';
import type { DbOrTx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { categories, tags } from './tables.ts';
import { presentCategory, presentTag } from './presenter.ts';

export type TagKind = (typeof tags.$inferSelect)['kind'];
export type Shop = (typeof categories.$inferSelect)['shop'];

const GAME_TAG_KINDS: TagKind[] = ['genre', 'feature', 'theme'];

/**
 * The tag list with the time it last changed (GET /api/tags/timestamp): a client keeps its copy until the
 * timestamp moves. Game tags by default; `peri` for the peripheral shop's navigation tags.
 */
export async function tagsWithTimestamp(db: DbOrTx, kinds: readonly TagKind[] = GAME_TAG_KINDS): Promise<{ tags: TagRef[]; timestamp: number }> {
  const where = inArray(tags.kind, [...kinds]);
  const [rows, [latest]] = await Promise.all([
    db.select().from(tags).where(where).orderBy(asc(tags.kind), asc(tags.position), asc(tags.id)),
    db.select({ at: max(tags.updatedAt) }).from(tags).where(where),
  ]);
  return { tags: rows.map(presentTag), timestamp: toTimestamp(latest?.at ?? null) ?? 0 };
}

/** The peripheral shop's navigation tags, in their order. */
export async function periTags(db: DbOrTx): Promise<TagRef[]> {
  const rows = await db.select().from(tags).where(eq(tags.kind, 'peri')).orderBy(asc(tags.position), asc(tags.id));
  return rows.map(presentTag);
}

export async function findTag(db: DbOrTx, id: number, kind?: TagKind): Promise<TagRef | null> {
  const [row] = await db.select().from(tags).where(and(eq(tags.id, id), kind === undefined ? undefined : eq(tags.kind, kind))).limit(1);
  return row ? presentTag(row) : null;
}

export async function tagsByIds(db: DbOrTx, ids: readonly number[]): Promise<TagRef[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db.select().from(tags).where(inArray(tags.id, unique));
  return rows.map(presentTag);
}

/** GET /api/categories: the categories of one shop, or of both (games first), in their order. */
export async function listCategories(db: DbOrTx, shop?: Shop): Promise<CategoryRef[]> {
  const rows = await db
    .select()
    .from(categories)
    .where(shop === undefined ? undefined : eq(categories.shop, shop))
    .orderBy(asc(categories.shop), asc(categories.position), asc(categories.id));
  return rows.map(presentCategory);
}
