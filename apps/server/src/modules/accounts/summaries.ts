import { and, asc, inArray, isNull, sql } from 'drizzle-orm';
import type { Role } from '@lantern/domain';
import type { DbOrTx } from '../../platform/db/client.ts';
import { accounts } from './tables.ts';

/** What other modules show of an author: enough for a byline, nothing private. */
export interface AccountSummary {
  id: number;
  nickname: string;
  avatar_url: string | null;
  role: Role;
  muted_until: Date | null;
}

const fields = { id: accounts.id, nickname: accounts.nickname, avatar_url: accounts.avatarUrl, role: accounts.role, muted_until: accounts.mutedUntil };

/** Open accounts by id, for bylines (a closed account is left out: the caller shows it as gone). */
export async function accountSummaries(db: DbOrTx, ids: readonly number[]): Promise<Map<number, AccountSummary>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select(fields).from(accounts).where(and(inArray(accounts.id, unique), isNull(accounts.closedAt)));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Open accounts whose nickname starts with `prefix` (case-insensitive), shortest first: @mention suggestions.
 * The caller passes a prefix without LIKE wildcards (domain `mentionPrefix`).
 */
export async function accountsByNicknamePrefix(db: DbOrTx, prefix: string, limit: number): Promise<AccountSummary[]> {
  return db.select(fields).from(accounts)
    .where(and(sql`lower(${accounts.nickname}) LIKE ${`${prefix.toLowerCase()}%`}`, isNull(accounts.closedAt)))
    .orderBy(sql`length(${accounts.nickname})`, asc(accounts.id))
    .limit(limit);
}
