import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CommunityAuthor } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { Db } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import { accountSummaries, findAccount } from '../accounts/index.ts';
import { authorOf } from './presenter.ts';
import { communityGroups, groupModerators } from './tables.ts';

/** 404 for a group that does not exist (groups.ts imports this file, so it is not asked there). */
async function assertGroup(deps: Deps, id: number): Promise<void> {
  const [row] = await deps.db.select({ id: communityGroups.id }).from(communityGroups).where(eq(communityGroups.id, id)).limit(1);
  if (!row) throw fail.notFound();
}

/**
 * Per-group moderators (docs/product/community.md#group-moderators; decisions/0043): staff appoint an account to a
 * group and remove it (both on the staff API, so both audited). Appointing twice or removing twice changes
 * nothing. What a moderator may do is the domain's `mayModerate`; the groups they moderate come from here.
 */
export async function appointModerator(deps: Deps, staffId: number, groupId: number, accountId: number) {
  await assertGroup(deps, groupId);
  const account = await findAccount(deps.db, accountId);
  if (!account) throw fail.unprocessable('account_id', 'invalid');
  await deps.db.insert(groupModerators).values({ groupId, accountId, appointedBy: staffId, createdAt: deps.clock.now() }).onConflictDoNothing();
  return { moderators: await moderatorsOf(deps, groupId) };
}

export async function removeModerator(deps: Deps, groupId: number, accountId: number) {
  await assertGroup(deps, groupId);
  await deps.db.delete(groupModerators).where(and(eq(groupModerators.groupId, groupId), eq(groupModerators.accountId, accountId)));
  return { moderators: await moderatorsOf(deps, groupId) };
}

/** A group's moderators as the group page shows them (open accounts, earliest appointed first). */
export async function moderatorsOf(deps: Deps, groupId: number): Promise<CommunityAuthor[]> {
  const rows = await deps.db.select({ accountId: groupModerators.accountId }).from(groupModerators)
    .where(eq(groupModerators.groupId, groupId)).orderBy(asc(groupModerators.createdAt), asc(groupModerators.accountId));
  const summaries = await accountSummaries(deps.db, rows.map((r) => r.accountId));
  return rows.map((r) => authorOf(summaries.get(r.accountId))).filter((a): a is CommunityAuthor => a !== null);
}

/** The groups of many accounts at once: what this module provides to accounts (GET /api/me) and moderation (the scope of its calls). */
export async function moderatedGroupsOfMany(db: Db, accountIds: readonly number[]): Promise<Map<number, number[]>> {
  const rows = await db.select({ accountId: groupModerators.accountId, groupId: groupModerators.groupId }).from(groupModerators)
    .where(inArray(groupModerators.accountId, [...accountIds])).orderBy(asc(groupModerators.groupId));
  const found = new Map<number, number[]>();
  for (const r of rows) found.set(r.accountId, [...(found.get(r.accountId) ?? []), r.groupId]);
  return found;
}
