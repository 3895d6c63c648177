import type { Area } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { fail } from '../../platform/errors.ts';
import { approvalTarget, approvalTypes, placeOf, reportTarget } from './targets.ts';
import { assertMayModerate, type ModeratorScope } from './scope.ts';
import { notifyNow } from '../notifications/index.ts';

/**
 * The approval queue (decisions/0020): every registered type's pending items on a site, oldest first. Each
 * type answers its own oldest `page × per` and the merge keeps the page asked for.
 */
export async function approvalQueue(deps: Deps, query: { area: Area; page: number; per: number }) {
  const want = query.page * query.per;
  const lists = await Promise.all(approvalTypes().map(async (type) => (await approvalTarget(type)!.pending(deps, query.area, want)).map((item) => ({ type, item }))));
  const merged = lists.flat().sort((a, b) => a.item.createdAt.getTime() - b.item.createdAt.getTime() || a.item.id - b.item.id);
  const page = merged.slice((query.page - 1) * query.per, want);
  return {
    approvals: page.map(({ type, item }) => ({
      type, id: item.id, kind: item.kind, author_id: item.authorId, area: item.area, summary: item.summary, created_at_timestamp: toTimestamp(item.createdAt)!,
    })),
    meta: { page: query.page, per: query.per },
  };
}

/** Approve publishes (counted from then), reject deletes; a type nobody registered 404, one no longer pending 422 `state_invalid`. */
export async function decideApproval(deps: Deps, type: string, id: number, decision: 'approve' | 'reject') {
  const target = approvalTarget(type);
  if (!target) throw fail.notFound('type');
  const done = decision === 'approve' ? await target.approve(deps, id) : await target.reject(deps, id);
  if (!done) throw fail.unprocessable('base', 'state_invalid');
  // An approved item's author is told (operate); a rejected one is deleted, nothing left to show them.
  if (decision === 'approve') await tellAuthor(deps, type, id, 'approved');
  return { type, id, state: decision === 'approve' ? ('published' as const) : ('deleted' as const) };
}

/**
 * Staff, or a moderator of its group, put back what was hidden; only a hidden one can be (else 422
 * `state_invalid`). Something that does not exist is no one's group: staff's answer (422), anyone else's 403.
 */
export async function unhide(deps: Deps, scope: ModeratorScope, type: string, id: number) {
  const target = reportTarget(type);
  if (!target?.unhide) throw fail.notFound('type');
  assertMayModerate(scope, 'unhide', (await placeOf(deps, type, id)).groupId);
  if (!(await target.unhide(deps, id))) throw fail.unprocessable('base', 'state_invalid');
  await target.changed?.(deps, id);
  await tellAuthor(deps, type, id, 'restored');
  return { type, id, state: 'published' as const };
}

/**
 * Tells the author of a published item what staff did (`operate`, docs/product/messaging.md#who-is-told), after
 * the change committed: the item as its owner describes it (author, summary).
 */
async function tellAuthor(deps: Deps, type: string, id: number, detail: 'approved' | 'restored'): Promise<void> {
  const item = await reportTarget(type)?.load(deps, id);
  if (!item) return;
  await notifyNow(deps, { recipientId: item.authorId, kind: 'operate', actorId: null, target: { type, id }, detail, excerpt: item.summary, href: '/messages?tab=system' });
}
