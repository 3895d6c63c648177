import { and, count, desc, eq } from 'drizzle-orm';
import { COLLECTIONS_MAX, type CollectableType } from '@lantern/domain';
import type { Collection } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { loadCollectables } from './targets.ts';
import { collections } from './tables.ts';

type Row = typeof collections.$inferSelect;

async function present(deps: Deps, rows: readonly Row[]): Promise<Collection[]> {
  const byType = new Map<CollectableType, number[]>();
  for (const r of rows) byType.set(r.accessibleType, [...(byType.get(r.accessibleType) ?? []), r.accessibleId]);
  const facts = new Map<string, { title: string; summary: string; path: string }>();
  await Promise.all([...byType].map(async ([type, ids]) => {
    for (const [id, f] of await loadCollectables(deps, type, ids)) facts.set(`${type}:${id}`, f);
  }));
  return rows.map((r) => ({
    id: r.id,
    accessible_type: r.accessibleType,
    accessible_id: r.accessibleId,
    target: facts.get(`${r.accessibleType}:${r.accessibleId}`) ?? null,
    created_at_timestamp: toTimestamp(r.createdAt),
  }));
}

/** GET /api/collections: the account's own, newest first, optionally of one type. */
export async function listCollections(deps: Deps, accountId: number, type: CollectableType | undefined, page: number, per: number) {
  const where = and(eq(collections.accountId, accountId), type ? eq(collections.accessibleType, type) : undefined);
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(collections).where(where).orderBy(desc(collections.id)).limit(per).offset((page - 1) * per),
    deps.db.select({ n: count() }).from(collections).where(where),
  ]);
  return { collections: await present(deps, rows), meta: { total_count: total!.n, page, per } };
}

/**
 * POST /api/collections (docs/product/people.md#collections): a target that is not there (or of a type no
 * module registered) is 404 `accessible_id`; collected already, 400 `account: taken` (the web's "already
 * collected"); past the most an account keeps, 422 `collection: out_limit`.
 */
export async function collect(deps: Deps, accountId: number, type: CollectableType, id: number) {
  if (!(await loadCollectables(deps, type, [id])).has(id)) throw fail.notFound('accessible_id');
  const [held] = await deps.db.select({ n: count() }).from(collections).where(eq(collections.accountId, accountId));
  if (held!.n >= COLLECTIONS_MAX) throw fail.unprocessable('collection', 'out_limit');
  const [row] = await deps.db.insert(collections).values({ accountId, accessibleType: type, accessibleId: id, createdAt: deps.clock.now() }).onConflictDoNothing().returning();
  if (!row) throw fail.badRequest('account', 'taken');
  return { collection: (await present(deps, [row]))[0]! };
}

/** DELETE /api/collections/{id}: the account's own entry; anyone else's, or one gone, is 404. */
export async function uncollect(deps: Deps, accountId: number, id: number) {
  const [gone] = await deps.db.delete(collections).where(and(eq(collections.id, id), eq(collections.accountId, accountId))).returning({ id: collections.id });
  if (!gone) throw fail.notFound('collection');
}
