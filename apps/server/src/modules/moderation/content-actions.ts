import { and, eq } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { moderationReports as r } from './tables.ts';
import { placeOf, reportTarget } from './targets.ts';
import { assertMayModerate, type ModeratorScope } from './scope.ts';
import { forgetStanding } from './standing-cache.ts';
import { notify } from '../notifications/index.ts';
import { pushLiveEvents } from '../live/index.ts';

export type ContentAction = 'hide' | 'delete';

const OPERATE_DETAIL: Record<ContentAction, string> = { hide: 'hidden', delete: 'deleted' };

/**
 * Staff, or a moderator of its group, hide or delete a published item from the page that shows it (docs/product/community.md#moderation-on-the-web),
 * through the type its owner registered. The item's open reports are upheld with the same action in the same
 * transaction, so content is never taken down while its reports still wait in the queue (decisions/0013), and
 * the author is told (operate), last in it. A type nobody registered, or an item not published (already hidden,
 * pending or gone), is 404.
 */
export async function actOnContent(deps: Deps, scope: ModeratorScope, type: string, id: number, action: ContentAction) {
  const staffId = scope.accountId;
  const target = reportTarget(type);
  if (!target) throw fail.notFound('type');
  const item = await target.load(deps, id);
  if (!item) throw fail.notFound();
  // Staff anywhere; a group moderator on their groups' items only (decisions/0043).
  assertMayModerate(scope, action, (await placeOf(deps, type, id)).groupId);
  const now = deps.clock.now();
  const { ids, events } = await deps.db.transaction(async (tx) => {
    const resolved = await tx
      .update(r)
      .set({ status: 'upheld', resolution: action, resolvedBy: staffId, resolvedAt: now, note: 'acted on from the page' })
      .where(and(eq(r.targetType, type), eq(r.targetId, id), eq(r.status, 'open')))
      .returning({ id: r.id });
    // Another staff member's hide committed first: this one changes nothing, its report updates roll back.
    if (action === 'hide' && (await target.hide(deps, id, tx)) === false) throw fail.unprocessable('base', 'state_invalid');
    if (action === 'delete') await target.remove(deps, id, tx);
    const events = await notify(tx, deps, {
      recipientId: item.authorId, kind: 'operate', actorId: null, target: { type, id }, detail: OPERATE_DETAIL[action], excerpt: item.summary, href: '/messages?tab=system',
    });
    return { ids: resolved.map((x) => x.id).sort((a, b) => a - b), events };
  });
  await pushLiveEvents(deps, events);
  // Upheld reports lower the author's standing: every instance reads it again.
  if (ids.length > 0) await forgetStanding(deps, item.authorId);
  return { type, id, action, resolved_report_ids: ids };
}
