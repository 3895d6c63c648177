import { and, asc, desc, eq, isNull, ne } from 'drizzle-orm';
import { POST_LIMITS, postProblems, type Area, type PostType } from '@lantern/domain';
import type { Draft } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { ownershipOf } from '../library/index.ts';
import { countPost } from './counters.ts';
import { guardCommunityWrite, type Screened } from './guard.ts';
import { flagPostForStaff } from './targets.ts';
import { findGroup } from './groups.ts';
import { ownPost } from './posts.ts';
import { presentPosts, type PostRow } from './presenter.ts';
import { plainTextOf, sanitizeRichText } from './sanitize.ts';
import { keepOwnImages } from './own-images.ts';
import { groupSkus, posts, postTags } from './tables.ts';

export interface DraftFields {
  title?: string;
  content?: string;
  is_long?: boolean;
  score?: number | null;
  recommend?: boolean | null;
  tag_id?: number | null;
}

async function presentDraft(deps: Deps, row: PostRow): Promise<Draft> {
  const group = await findGroup(deps, row.groupId);
  return {
    id: row.id,
    group_id: row.groupId,
    group: { id: group.id, name: group.name },
    type: row.type,
    status: row.status,
    is_long: row.isLong,
    title: row.title,
    content: row.contentHtml,
    score: row.score,
    recommend: row.recommend,
    tag_id: row.tagId,
    updated_at_timestamp: toTimestamp(row.updatedAt),
  };
}

/** PostgreSQL's unique_violation: the one-review-per-game key refused a second live review. */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

const taken = () => fail.unprocessable('account_id', 'taken');

async function hasLiveReview(db: DbOrTx, accountId: number, groupId: number): Promise<boolean> {
  // A pending or hidden review counts too: it is still the account's review of the game.
  const [row] = await db.select({ id: posts.id }).from(posts)
    .where(and(ne(posts.status, 'draft'), isNull(posts.deletedAt), eq(posts.type, 'Review'), eq(posts.accountId, accountId), eq(posts.groupId, groupId))).limit(1);
  return row !== undefined;
}

/** The group's SKU on the writer's site (the review is of that edition), if it sells one. */
async function siteSkuOf(db: DbOrTx, groupId: number, area: Area): Promise<number | null> {
  const [row] = await db.select({ skuId: groupSkus.skuId }).from(groupSkus).where(and(eq(groupSkus.groupId, groupId), eq(groupSkus.area, area))).orderBy(asc(groupSkus.skuId)).limit(1);
  return row?.skuId ?? null;
}

/**
 * GET /api/posts/new (group_id, type): the writer's unfinished draft of that kind in the group, or a new
 * one. A review draft is refused (`account_id: taken`) when the writer has reviewed the game already.
 */
export async function newDraft(deps: Deps, accountId: number, area: Area, groupId: number, type: PostType, isLong: boolean | undefined) {
  await guardCommunityWrite(deps, accountId, type === 'Review' ? 'review' : 'post', [], { area, live: false });
  await findGroup(deps, groupId);
  if (type === 'Review' && (await hasLiveReview(deps.db, accountId, groupId))) throw taken();
  const [existing] = await deps.db.select().from(posts)
    .where(and(eq(posts.accountId, accountId), eq(posts.groupId, groupId), eq(posts.type, type), eq(posts.status, 'draft'), isNull(posts.deletedAt)))
    .orderBy(desc(posts.updatedAt), desc(posts.id)).limit(1);
  if (existing) return { draft: await presentDraft(deps, existing) };
  const now = deps.clock.now();
  const [row] = await deps.db.insert(posts).values({
    groupId, accountId, type, status: 'draft', isLong: isLong ?? false, area, skuId: await siteSkuOf(deps.db, groupId, area), createdAt: now, updatedAt: now,
  }).returning();
  return { draft: await presentDraft(deps, row!) };
}

/** GET /api/posts/{id}/edit and /api/reviews/{id}/edit: the author's own post or review, as the editor loads it. */
export async function editDraft(deps: Deps, accountId: number, id: number, type?: PostType) {
  return { draft: await presentDraft(deps, await ownPost(deps, accountId, id, type)) };
}

interface Composed {
  /** What the watched words said (not stored): `require_approval` holds it, `flag` tells staff. */
  screened: Pick<Screened, 'action' | 'words'>;
  title: string;
  contentHtml: string;
  plainText: string;
  searchText: string;
  isLong: boolean;
  score: number | null;
  recommend: boolean | null;
  tagId: number | null;
}

/** The row's fields after the edit: texts through the write guard and the sanitiser, the rest as given. */
async function compose(deps: Deps, accountId: number, row: Pick<PostRow, 'type' | 'title' | 'contentHtml' | 'isLong' | 'score' | 'recommend' | 'tagId' | 'area'>, fields: DraftFields, live: boolean): Promise<Composed> {
  // Screened as stored, after the sanitiser: what readers will see, with nothing left in the text that the
  // sanitiser would then take away from between a word's letters (decisions/0031).
  // Images other than the writer's own uploads are taken out first (decisions/0032).
  const sanitized = await keepOwnImages(deps, accountId, sanitizeRichText(fields.content ?? row.contentHtml));
  const screened = await guardCommunityWrite(deps, accountId, row.type === 'Review' ? 'review' : 'post', [fields.title ?? row.title, sanitized], { area: row.area, live });
  const [title, contentHtml] = screened.texts as [string, string];
  if (contentHtml.length > POST_LIMITS.htmlMax) throw fail.unprocessable('content', 'too_long');
  const plainText = plainTextOf(contentHtml);
  const cleanTitle = title.replace(/\s+/g, ' ').trim();
  const tagId = fields.tag_id === undefined ? row.tagId : fields.tag_id;
  if (tagId !== null && fields.tag_id !== undefined) {
    const [tag] = await deps.db.select({ id: postTags.id }).from(postTags).where(eq(postTags.id, tagId)).limit(1);
    if (!tag) throw fail.unprocessable('tag_id', 'invalid');
  }
  return {
    screened: { action: screened.action, words: screened.words },
    title: cleanTitle,
    contentHtml,
    plainText,
    searchText: `${cleanTitle} ${plainText}`.toLowerCase(),
    isLong: fields.is_long ?? row.isLong,
    score: fields.score === undefined ? row.score : fields.score,
    recommend: fields.recommend === undefined ? row.recommend : fields.recommend,
    tagId,
  };
}

function refuseProblems(type: PostType, c: Omit<Composed, 'screened'>) {
  const problems = postProblems({ type, isLong: c.isLong, title: c.title, plainText: c.plainText, score: c.score, recommend: c.recommend });
  const entries = Object.entries(problems);
  if (entries.length > 0) throw new AppError(422, Object.fromEntries(entries.map(([field, reason]) => [field, [reason]])));
}

/** What a review records when it is published: the writer's playtime then, and whether it was bought here. */
async function reviewFacts(db: DbOrTx, accountId: number, groupProductId: number) {
  const owned = await ownershipOf(db, accountId, groupProductId);
  return { playtimeSeconds: owned?.playtimeSeconds ?? null, boughtHere: owned?.boughtHere ?? false };
}

/**
 * PATCH /api/drafts/{id}: saves the draft, or publishes it with `publish`. A published post being edited
 * stays published, checked as when it was published; its group's counters follow a changed score. A text
 * whose watched words require approval is held `pending` (not counted, seen by its author and staff) until
 * staff approve it, and so is a pending post edited again; a hidden one cannot be edited (`post: hidden`).
 * A second live review of the same game is refused (`account_id: taken`) by the database's unique key, so
 * it holds under concurrent publishing. A locked post cannot be edited.
 */
export async function saveDraft(deps: Deps, accountId: number, id: number, fields: DraftFields, publish: boolean) {
  const row = await ownPost(deps, accountId, id);
  if (row.locked) throw fail.unprocessable('post', 'locked');
  if (row.status === 'hidden') throw fail.unprocessable('post', 'hidden_by_moderators');
  const goesLive = publish || row.status !== 'draft';
  const { screened, ...composed } = await compose(deps, accountId, row, fields, goesLive);
  if (goesLive) refuseProblems(row.type, composed);
  const status = !goesLive ? 'draft' : screened.action === 'require_approval' || row.status === 'pending' ? 'pending' : 'published';
  const group = await findGroup(deps, row.groupId);
  const now = deps.clock.now();
  const facts = goesLive && row.type === 'Review' && row.status === 'draft' ? await reviewFacts(deps.db, accountId, group.productId) : {};
  try {
    const saved = await deps.db.transaction(async (tx) => {
      const [updated] = await tx.update(posts).set({
        ...composed, ...facts, updatedAt: now, status,
        ...(status === 'published' && row.publishedAt === null ? { publishedAt: now } : {}),
      }).where(and(eq(posts.id, id), eq(posts.status, row.status), isNull(posts.deletedAt))).returning();
      if (!updated) throw fail.notFound();
      if (row.status === 'published') await countPost(tx, row, -1);
      if (updated.status === 'published') await countPost(tx, updated, 1);
      return updated;
    });
    if (saved.status === 'published' && screened.action === 'flag') await flagPostForStaff(deps, saved, screened.words);
    const post = saved.status !== 'draft' ? (await presentPosts(deps, [saved], accountId))[0]! : null;
    return { draft: await presentDraft(deps, saved), post };
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

/**
 * POST /api/reviews: a review written and published at once (the short review of a game page), or held
 * `pending` when its words require approval. One live review per account and game: a second is
 * `account_id: taken`.
 */
export async function createReview(deps: Deps, accountId: number, area: Area, input: DraftFields & { group_id: number; sku_id?: number }) {
  const group = await findGroup(deps, input.group_id);
  const blank = { type: 'Review' as const, title: '', contentHtml: '', isLong: false, score: null, recommend: null, tagId: null, area };
  const { screened, ...composed } = await compose(deps, accountId, blank, input, true);
  refuseProblems('Review', composed);
  let skuId = await siteSkuOf(deps.db, group.id, area);
  if (input.sku_id !== undefined) {
    const [link] = await deps.db.select().from(groupSkus).where(and(eq(groupSkus.groupId, group.id), eq(groupSkus.skuId, input.sku_id))).limit(1);
    if (!link) throw fail.unprocessable('sku_id', 'invalid');
    skuId = link.skuId;
  }
  if (await hasLiveReview(deps.db, accountId, group.id)) throw taken();
  const facts = await reviewFacts(deps.db, accountId, group.productId);
  const now = deps.clock.now();
  const held = screened.action === 'require_approval';
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [inserted] = await tx.insert(posts).values({
        ...composed, ...facts, groupId: group.id, accountId, type: 'Review', status: held ? 'pending' : 'published', area, skuId,
        createdAt: now, updatedAt: now, publishedAt: held ? null : now,
      }).returning();
      if (!held) await countPost(tx, inserted!, 1);
      return inserted!;
    });
    if (screened.action === 'flag') await flagPostForStaff(deps, row, screened.words);
    return { post: (await presentPosts(deps, [row], accountId))[0]! };
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}
