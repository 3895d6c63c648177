import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { accounts } from './tables.ts';

export async function isNicknameTaken(db: DbOrTx, nickname: string, exceptAccountId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`lower(${accounts.nickname}) = ${nickname.toLowerCase()}`)
    .limit(1);
  return row !== undefined && row.id !== exceptAccountId;
}

export async function isCredentialHashTaken(db: DbOrTx, credentialHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(isNotNull(accounts.credentialHash), eq(accounts.credentialHash, credentialHash)))
    .limit(1);
  return row !== undefined;
}

/** PostgreSQL's unique_violation, from either driver. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
