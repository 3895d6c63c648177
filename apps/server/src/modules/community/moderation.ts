import { and, eq, isNull } from 'drizzle-orm';
import { mayModerate, type ModerationAction } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { countPost } from './counters.ts';
import { forgetPostReads } from './forget-reads.ts';
import { findGroup } from './groups.ts';
import { presentPosts } from './presenter.ts';
import { sanitizeRichText } from './sanitize.ts';
import { keepOwnImages } from './own-images.ts';
import { posts } from './tables.ts';

export interface GroupPostChange {
  sticky_sequence?: number;
  locked?: boolean;
  featured?: boolean;
  group_id?: number;
  official_comment?: string | null;
}

/**
 * Whether the caller may make this change to a post of the group (decisions/0043), 403 if not: pinning, locking and
 * the official reply by the domain's `mayModerate` (every group with `api_all_group`, or the groups one moderates);
 * featuring (a cross-group highlight) and moving to another group only with `api_all_group`.
 */
export function assertMayArrange(permissions: readonly string[], moderatedGroupIds: readonly number[], groupId: number, change: GroupPostChange): void {
  const needed: ModerationAction[] = [];
  if (change.sticky_sequence !== undefined) needed.push(change.sticky_sequence > 0 ? 'pin' : 'unpin');
  if (change.locked !== undefined) needed.push(change.locked ? 'lock' : 'unlock');
  if (change.official_comment !== undefined) needed.push('official_reply');
  const allGroups = permissions.includes('api_all_group');
  if ((change.featured !== undefined || change.group_id !== undefined) && !allGroups) throw fail.forbidden();
  if (!allGroups && needed.length === 0 && !moderatedGroupIds.includes(groupId)) throw fail.forbidden();
  for (const action of needed) if (!mayModerate(permissions, moderatedGroupIds, action, groupId)) throw fail.forbidden();
}

/**
 * PATCH /api/groups/{id}/posts/{postId} (holders of `api_all_group` and the group's moderators, docs/product/community.md#group-moderation):
 * sticky order, lock, feature, move to another group (both groups' counters follow, in one transaction),
 * and the official comment, written by the caller and shown with their role.
 */
export async function moderateGroupPost(deps: Deps, moderatorId: number, groupId: number, postId: number, change: GroupPostChange) {
  const [row] = await deps.db.select().from(posts).where(and(eq(posts.id, postId), eq(posts.groupId, groupId), eq(posts.status, 'published'), isNull(posts.deletedAt))).limit(1);
  if (!row) throw fail.notFound();
  if (change.group_id !== undefined && change.group_id !== groupId) {
    // A review is of its game: it stays in its group (and its one-per-game key with it).
    if (row.type === 'Review') throw fail.unprocessable('group_id', 'invalid');
    await findGroup(deps, change.group_id);
  }
  const comment = change.official_comment === undefined ? undefined : change.official_comment === null ? null : await keepOwnImages(deps, moderatorId, sanitizeRichText(change.official_comment));
  if (comment === '') throw fail.unprocessable('official_comment', 'blank');
  const updated = await deps.db.transaction(async (tx) => {
    const [next] = await tx.update(posts).set({
      ...(change.sticky_sequence !== undefined && { stickySequence: change.sticky_sequence }),
      ...(change.locked !== undefined && { locked: change.locked }),
      ...(change.featured !== undefined && { featured: change.featured }),
      ...(change.group_id !== undefined && { groupId: change.group_id }),
      ...(comment !== undefined && { officialCommentHtml: comment, officialCommentAuthorId: comment === null ? null : moderatorId }),
      updatedAt: deps.clock.now(),
    }).where(and(eq(posts.id, postId), isNull(posts.deletedAt))).returning();
    if (!next) throw fail.notFound();
    if (next.groupId !== row.groupId) {
      await countPost(tx, row, -1);
      await countPost(tx, next, 1);
    }
    return next;
  });
  // Moved, locked or pinned: every reader's shared lists and page show it at once.
  await forgetPostReads(deps);
  return { post: (await presentPosts(deps, [updated], moderatorId))[0]! };
}
