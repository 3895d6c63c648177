import { and, eq, isNull, sql } from 'drizzle-orm';
import { forwardTarget, talkTextRefusal, type Area } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { assertMayWrite, fileSystemReport, screenFor } from '../moderation/index.ts';
import { findGroup, keepOwnImages, mentionedIds, plainTextOf, sanitizeRichText } from '../community/index.ts';
import { assertMayReach, hiddenAuthorsFor } from '../people/index.ts';
import { presentTalks, type TalkRow } from './presenter.ts';
import { liveTalk } from './reads.ts';
import { talks } from './tables.ts';

/**
 * A talk's words as stored (docs/product/people.md#talks): sanitised like a community post, within the length,
 * past moderation's gate (muted 403 `is_mute`, the pace of `talk` 429) and its watched words, and reaching no
 * one who blocked the writer (403 `block_listed`). Talks have no approval queue: words that would hold a post
 * for staff refuse a talk (422 `censor_words: banned`), failing closed; `flag` words publish it and report it
 * to staff (decisions/0023).
 */
async function screenedContent(deps: Deps, accountId: number, area: Area, raw: string, reached: (number | null)[], isForward: boolean): Promise<{ html: string; flagged: string[] }> {
  await assertMayWrite(deps, accountId, 'talk');
  const html = await keepOwnImages(deps, accountId, sanitizeRichText(raw));
  const refusal = talkTextRefusal(plainTextOf(html), isForward);
  if (refusal) throw fail.unprocessable('content', refusal);
  await assertMayReach(deps, accountId, [...reached, ...mentionedIds(html)]);
  if (html === '') return { html, flagged: [] };
  // Screened as its readers will see it (entities decoded, markup removed); held words are refused (no queue).
  const screened = await screenFor(deps, 'talk', [html], area);
  return { html: screened.texts[0]!, flagged: screened.flagged };
}

/** A talk published with a `flag` word goes to the staff queue as a system report (docs/product/community.md#watched-words). */
async function reportFlagged(deps: Deps, row: TalkRow, words: string[]): Promise<void> {
  if (words.length === 0) return;
  await fileSystemReport(deps, { targetType: 'talk', targetId: row.id, authorId: row.accountId, area: row.area, summary: plainTextOf(row.content), words });
}

/** POST /api/talks: a talk of one's own words, optionally in a group (404 for a group that is not there). */
export async function createTalk(deps: Deps, accountId: number, area: Area, input: { content: string; group_id?: number | null }) {
  if (input.group_id != null) await findGroup(deps, input.group_id);
  const { html: content, flagged } = await screenedContent(deps, accountId, area, input.content, [], false);
  const [row] = await deps.db.insert(talks).values({ accountId, area, groupId: input.group_id ?? null, content, createdAt: deps.clock.now() }).returning();
  await reportFlagged(deps, row!, flagged);
  // A talk of one's own words carries no original, so nobody's words are there to hide.
  return { talk: (await presentTalks(deps, [row!], accountId, new Set()))[0]! };
}

/**
 * POST /api/talks/{id}/forwards: forwards a talk (its original, when it is itself a forward) with optional
 * words; the original's count rises in the same transaction. A talk that is gone is 404; forwarding the talk
 * of someone who blocked the writer is 403 `block_listed`.
 */
export async function forwardTalk(deps: Deps, accountId: number, area: Area, id: number, words: string) {
  const forwarded = await liveTalk(deps, id);
  const original = forwarded.forwardOfId === null ? forwarded : await liveTalk(deps, forwardTarget(forwarded));
  const { html: content, flagged } = await screenedContent(deps, accountId, area, words, [original.accountId, forwarded.accountId], true);
  const row = await deps.db.transaction(async (tx) => {
    const [counted] = await tx.update(talks).set({ forwardCount: sql`${talks.forwardCount} + 1` })
      .where(and(eq(talks.id, original.id), isNull(talks.deletedAt))).returning({ id: talks.id });
    if (!counted) throw fail.notFound('talk');
    const [inserted] = await tx.insert(talks).values({ accountId, area, groupId: null, forwardOfId: original.id, content, createdAt: deps.clock.now() }).returning();
    return inserted!;
  });
  await reportFlagged(deps, row, flagged);
  // Answered as the writer's lists will show it: an original by someone they blocked comes without its words.
  return { talk: (await presentTalks(deps, [row], accountId, await hiddenAuthorsFor(deps, accountId)))[0]! };
}

/** DELETE /api/talks/{id}: the author's own (403 otherwise); a forward gives its original's count back. */
export async function deleteTalk(deps: Deps, accountId: number, id: number) {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(talks).where(and(eq(talks.id, id), isNull(talks.deletedAt))).for('update');
    if (!row) throw fail.notFound('talk');
    if (row.accountId !== accountId) throw fail.forbidden();
    await tx.update(talks).set({ deletedAt: deps.clock.now() }).where(eq(talks.id, id));
    if (row.forwardOfId !== null) {
      await tx.update(talks).set({ forwardCount: sql`greatest(${talks.forwardCount} - 1, 0)` }).where(eq(talks.id, row.forwardOfId));
    }
  });
}
