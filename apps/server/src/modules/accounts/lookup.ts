import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { classifyLogin, isEmailValid, isPhoneValid, normalizeEmail, normalizePhone, type Area } from '@lantern/domain';
import type { DbOrTx } from '../../platform/db/client.ts';
import { accounts } from './tables.ts';

export type Account = typeof accounts.$inferSelect;

/** Normalizes an e-mail or phone number for storage and lookup; null when it is not valid. */
export function normalizeContact(channel: 'email' | 'sms', raw: string, area: Area): string | null {
  if (channel === 'email') {
    const email = normalizeEmail(raw);
    return isEmailValid(email) ? email : null;
  }
  const phone = normalizePhone(raw, area);
  // A mainland number typed on the international site (and the reverse) is still a valid number.
  if (isPhoneValid(phone, area)) return phone;
  const other: Area = area === 'native' ? 'abroad' : 'native';
  const alt = normalizePhone(raw, other);
  return isPhoneValid(alt, other) ? alt : null;
}

export async function findAccountByContact(db: DbOrTx, channel: 'email' | 'sms', target: string): Promise<Account | undefined> {
  const column = channel === 'email' ? accounts.email : accounts.phone;
  const [row] = await db.select().from(accounts).where(and(eq(column, target), isNull(accounts.closedAt))).limit(1);
  return row;
}

/** The account a login name (e-mail, phone or nickname) points at, with the normalized contact used. */
export async function findAccountByLogin(db: DbOrTx, login: string, area: Area): Promise<{ account?: Account; target: string }> {
  const kind = classifyLogin(login.trim());
  if (kind === 'nickname') {
    const [row] = await db
      .select()
      .from(accounts)
      .where(and(sql`lower(${accounts.nickname}) = ${login.trim().toLowerCase()}`, isNull(accounts.closedAt)))
      .limit(1);
    return { account: row, target: login.trim().toLowerCase() };
  }
  const channel = kind === 'email' ? 'email' : 'sms';
  const target = normalizeContact(channel, login, area);
  if (!target) return { target: login.trim().toLowerCase() };
  return { account: await findAccountByContact(db, channel, target), target };
}

export async function findAccount(db: DbOrTx, id: number): Promise<Account | undefined> {
  const [row] = await db.select().from(accounts).where(and(eq(accounts.id, id), isNull(accounts.closedAt))).limit(1);
  return row;
}

/** The open accounts among `ids`, by id. */
export async function findAccounts(db: DbOrTx, ids: readonly number[]): Promise<Map<number, Account>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(accounts).where(and(inArray(accounts.id, [...ids]), isNull(accounts.closedAt)));
  return new Map(rows.map((row) => [row.id, row]));
}
