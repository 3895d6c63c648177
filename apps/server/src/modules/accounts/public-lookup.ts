import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { BatchedLoaders } from '../../platform/batched-loader.ts';
import { accounts } from './tables.ts';

/** What anyone may see of an account next to something it wrote: its id, nickname and avatar. */
export interface PublicAccount {
  id: number;
  nickname: string;
  avatarUrl: string | null;
}

/** The open accounts among `ids`, by id (a closed account is left out: its writing shows without a name). */
export async function publicAccountsByIds(db: DbOrTx, ids: readonly number[]): Promise<Map<number, PublicAccount>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, nickname: accounts.nickname, avatarUrl: accounts.avatarUrl })
    .from(accounts)
    .where(and(inArray(accounts.id, unique), isNull(accounts.closedAt)));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * An open account's public face as a scalar subquery — json `{ id, nickname, avatarUrl }`, or null for a closed
 * or unknown account — for a writer to answer its author from the statement that writes, without a read of
 * its own.
 */
export function publicAccountJsonSql(accountId: number | SQL): SQL {
  return sql`(select json_build_object('id', ${accounts.id}, 'nickname', ${accounts.nickname}, 'avatarUrl', ${accounts.avatarUrl}) from ${accounts} where ${and(eq(accounts.id, accountId), isNull(accounts.closedAt))})`;
}

/**
 * The open accounts whose nicknames (case-insensitive, as the unique index compares them) are among
 * `nicknames`, keyed by the lower-cased nickname: how an @mention finds its user.
 */
export async function publicAccountsByNicknames(db: DbOrTx, nicknames: readonly string[]): Promise<Map<string, PublicAccount>> {
  const lowered = [...new Set(nicknames.map((n) => n.toLowerCase()))];
  if (lowered.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, nickname: accounts.nickname, avatarUrl: accounts.avatarUrl })
    .from(accounts)
    .where(and(inArray(sql`lower(${accounts.nickname})`, lowered), isNull(accounts.closedAt)));
  return new Map(rows.map((r) => [r.nickname.toLowerCase(), r]));
}

const nicknameLookups = new BatchedLoaders<Db, string, PublicAccount>((db, names) => publicAccountsByNicknames(db, names));

/**
 * `publicAccountsByNicknames` for the writers of the same turn of the event loop in one statement
 * (platform/batched-loader.ts): comments posted together with their @mentions share one lookup, not one each.
 */
export async function batchedPublicAccountsByNicknames(db: Db, nicknames: readonly string[]): Promise<Map<string, PublicAccount>> {
  const lowered = [...new Set(nicknames.map((n) => n.toLowerCase()))];
  const found = await Promise.all(lowered.map((name) => nicknameLookups.load(db, name)));
  return new Map(lowered.flatMap((name, i) => (found[i] ? [[name, found[i]] as const] : [])));
}
