import { eq } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import { notifyNow, type NotifyInput } from '../notifications/index.ts';
import { discussionComments } from './tables.ts';
import type { DiscussionTargetType, LikeTargetType } from './targets.ts';

/**
 * Who a discussion write tells (docs/product/messaging.md#who-is-told): a comment its target's author, a reply
 * the account it answers, an @mention the account named, a like the author of what was liked (likes collapse).
 * Sent after the write's one statement has committed (notifications' `notifyNow`, decisions/0027); self-actions,
 * kinds turned off and recipients who blocked the writer are the notifications module's to skip.
 */

/** Where the web shows a target (apps/web/src/lib/paths.ts); a Steam review is shown on its game's community page. */
const TARGET_PATHS: Record<DiscussionTargetType, (id: number) => string> = {
  Post: (id) => `/posts/${id}`,
  Headline: (id) => `/headlines/${id}`,
  Talk: (id) => `/talks/${id}`,
  SteamReview: () => '/community',
};
export const targetHref = (type: DiscussionTargetType, id: number) => TARGET_PATHS[type](id);

interface WrittenComment {
  id: number;
  accountId: number;
  targetType: string;
  targetId: number;
  parentId: number | null;
  targetReplyAccountIds: unknown;
  atUsers: unknown;
  content: string;
  state: string;
}

/** After a comment or reply is written: its target's author, the account it answers, those it @mentions. */
export async function tellOfComment(deps: Deps, row: WrittenComment, targetAuthorId: number | null): Promise<void> {
  if (row.state !== 'published') return; // held for approval: told when staff approve it, not before
  const type = row.targetType as DiscussionTargetType;
  const target = { type, id: row.targetId };
  const base = { actorId: row.accountId, target, excerpt: row.content, href: targetHref(type, row.targetId) };
  const inputs: NotifyInput[] = [];
  if (row.parentId === null) {
    if (targetAuthorId !== null) inputs.push({ ...base, recipientId: targetAuthorId, kind: 'comment' });
  } else {
    for (const id of (row.targetReplyAccountIds as number[] | null) ?? []) inputs.push({ ...base, recipientId: Number(id), kind: 'reply' });
  }
  for (const user of (row.atUsers as { id: number }[] | null) ?? []) inputs.push({ ...base, recipientId: user.id, kind: 'at' });
  await notifyNow(deps, inputs);
}

/**
 * After likes of one target (not dislikes, not cancels): its author, told once per liker, the likes collapsed
 * per target while unread (notifications' rule); a self-like tells nobody. One statement for them all.
 */
export async function tellOfLikes(deps: Deps, type: LikeTargetType, id: number, authorId: number | null, likerIds: readonly number[]): Promise<void> {
  const likers = likerIds.filter((likerId) => likerId !== authorId);
  if (authorId === null || likers.length === 0) return;
  let href: string;
  let excerpt = '';
  if (type === 'Comment') {
    const [comment] = await deps.db.select({ targetType: discussionComments.targetType, targetId: discussionComments.targetId, content: discussionComments.content })
      .from(discussionComments).where(eq(discussionComments.id, id));
    if (!comment) return;
    href = targetHref(comment.targetType as DiscussionTargetType, comment.targetId);
    excerpt = comment.content;
  } else href = targetHref(type, id);
  // A call per liker (one call keeps one tell per recipient and target); calls of one moment are one statement.
  await Promise.all(likers.map((actorId) => notifyNow(deps, { recipientId: authorId, kind: 'like', actorId, target: { type, id }, excerpt, href })));
}
