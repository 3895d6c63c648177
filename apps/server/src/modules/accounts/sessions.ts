import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import {
  ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS, SESSION_ABSOLUTE_LIFETIME_SECONDS, isInRefreshProtection, isSessionWithinLifetime, type Area,
} from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { hashToken, newToken } from '../../platform/crypto.ts';
import { fail } from '../../platform/errors.ts';
import { toTimestamp } from '../../platform/clock.ts';
import type { SessionAccount } from '../../platform/auth.ts';
import { accessTokens, accounts, refreshTokens } from './tables.ts';

export interface IssuedSession {
  accountId: number;
  accessToken: string;
  refreshToken: string;
  familyId: string;
  expiresIn: number;
  refreshExpiresIn: number;
}

export type Authenticated = SessionAccount;

/**
 * A new access and refresh token for a family. Each lives its own time (ACCESS_TOKEN_TTL_SECONDS,
 * REFRESH_TOKEN_TTL_SECONDS), but never past the family's absolute end (SESSION_ABSOLUTE_LIFETIME_SECONDS
 * after its sign-in): rotating does not push that end back, and no token outlives it.
 */
async function issuePair(db: DbOrTx, now: Date, accountId: number, area: Area, familyId: string, signedInAt: Date): Promise<IssuedSession> {
  const accessToken = newToken();
  const refreshToken = newToken();
  const sessionEndsAt = signedInAt.getTime() + SESSION_ABSOLUTE_LIFETIME_SECONDS * 1000;
  const refreshExpiresAt = new Date(Math.min(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000, sessionEndsAt));
  const accessExpiresAt = new Date(Math.min(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000, sessionEndsAt));
  await db.insert(accessTokens).values({
    tokenHash: hashToken(accessToken),
    familyId,
    accountId,
    area,
    expiresAt: accessExpiresAt,
  });
  await db.insert(refreshTokens).values({
    familyId,
    accountId,
    area,
    tokenHash: hashToken(refreshToken),
    createdAt: now,
    signedInAt,
    expiresAt: refreshExpiresAt,
  });
  const secondsUntil = (at: Date) => Math.max(0, Math.floor((at.getTime() - now.getTime()) / 1000));
  return { accountId, accessToken, refreshToken, familyId, expiresIn: secondsUntil(accessExpiresAt), refreshExpiresIn: secondsUntil(refreshExpiresAt) };
}

/** A new session family on one site. */
export function startSession(deps: Deps, db: DbOrTx, accountId: number, area: Area) {
  const now = deps.clock.now();
  return issuePair(db, now, accountId, area, randomUUID(), now);
}

/**
 * The account behind an access token on this site, or null when it is unknown, expired or revoked. Kept
 * for a few seconds per instance (platform/session-cache.ts): every revocation below drops the account's
 * tokens from it, here at once and on the other instances through the key-value store.
 */
export function authenticate(deps: Deps, token: string, area: Area): Authenticated | null | Promise<Authenticated | null> {
  const tokenHash = hashToken(token);
  const key = `${area}:${tokenHash}`;
  // Answered at once from the cache: the request's hook then has nothing to wait for.
  return deps.sessions.get(key) ?? lookUpToken(deps, key, tokenHash, area);
}

async function lookUpToken(deps: Deps, key: string, tokenHash: string, area: Area): Promise<Authenticated | null> {
  const [row] = await tokenQuery(deps.db).execute({ tokenHash, area, now: deps.clock.now() });
  if (!row) return null;
  const found: Authenticated = { accountId: row.accountId, familyId: row.familyId, role: row.role, region: row.region };
  deps.sessions.set(key, row.accountId, found, row.expiresAt);
  return found;
}

/** The token lookup, built once per database and prepared (a named statement on node-postgres), as every signed-in call misses the cache now and then. */
function buildTokenQuery(db: Db) {
  return db
    .select({ accountId: accessTokens.accountId, familyId: accessTokens.familyId, role: accounts.role, region: accounts.region, expiresAt: accessTokens.expiresAt })
    .from(accessTokens)
    .innerJoin(accounts, eq(accounts.id, accessTokens.accountId))
    .where(and(
      eq(accessTokens.tokenHash, sql.placeholder('tokenHash')), eq(accessTokens.area, sql.placeholder('area')),
      gt(accessTokens.expiresAt, sql.placeholder('now')), isNull(accounts.closedAt),
    ))
    .limit(1)
    .prepare('accounts_access_token');
}
const tokenQueries = new WeakMap<Db, ReturnType<typeof buildTokenQuery>>();
function tokenQuery(db: Db) {
  let query = tokenQueries.get(db);
  if (!query) tokenQueries.set(db, (query = buildTokenQuery(db)));
  return query;
}

/**
 * Rotates a refresh token. A token used a second time means it was copied: the whole family is revoked —
 * unless the reuse comes within the protection period after rotation (two tabs refreshing at once), which
 * answers 409 `in_protection` and revokes nothing (docs/product/accounts.md#refresh-protection).
 */
export async function rotateSession(deps: Deps, refreshToken: string, area: Area): Promise<IssuedSession> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.tokenHash, hashToken(refreshToken)), eq(refreshTokens.area, area)))
      .limit(1)
      .for('update');
    if (!row || row.revokedAt || row.expiresAt <= now) throw fail.unauthorized('refresh_token_invalid');
    if (!isSessionWithinLifetime(toTimestamp(row.signedInAt), toTimestamp(now))) throw fail.unauthorized('session_expired');
    if (row.rotatedAt) {
      if (isInRefreshProtection(toTimestamp(row.rotatedAt), toTimestamp(now))) throw fail.conflict('refresh_token', 'in_protection');
      await revokeFamily(deps, tx, row.familyId, now);
      return 'revoked' as const;
    }
    await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.id, row.id));
    // The access tokens of the old pair die with the rotation; the new pair carries on the family.
    await tx.delete(accessTokens).where(eq(accessTokens.familyId, row.familyId));
    return issuePair(tx, now, row.accountId, area, row.familyId, row.signedInAt);
  }).then(async (result) => {
    // The old pair's access tokens (or the whole family) are gone: no instance may go on trusting them.
    if (result !== 'revoked') await deps.sessions.forgetAccount(result.accountId);
    // Thrown after the transaction, so the revocation commits.
    if (result === 'revoked') throw fail.unauthorized('refresh_token_reused');
    return result;
  });
}

/** The family a refresh token belongs to, for signing out a browser whose access token has lapsed. */
export async function familyOfRefreshToken(db: DbOrTx, refreshToken: string, area: Area): Promise<string | null> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.tokenHash, hashToken(refreshToken)), eq(refreshTokens.area, area)))
    .limit(1);
  return row?.familyId ?? null;
}

/*
 * Each revocation forgets the account in the token cache before it writes and the cache will not keep the
 * account again for its window, so a lookup that reads before the revoking transaction commits is never kept.
 */

export async function revokeFamily(deps: Pick<Deps, 'sessions'>, db: DbOrTx, familyId: string, now: Date) {
  const [row] = await db.update(refreshTokens).set({ revokedAt: now }).where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .returning({ accountId: refreshTokens.accountId });
  const deleted = await db.delete(accessTokens).where(eq(accessTokens.familyId, familyId)).returning({ accountId: accessTokens.accountId });
  const accountId = row?.accountId ?? deleted[0]?.accountId;
  if (accountId !== undefined) await deps.sessions.forgetAccount(accountId);
}

/** Signs the account out everywhere: after a password reset, or when the account may no longer be used. */
export async function revokeAllSessions(deps: Pick<Deps, 'sessions'>, db: DbOrTx, accountId: number, now: Date) {
  await deps.sessions.forgetAccount(accountId);
  await db.update(refreshTokens).set({ revokedAt: now }).where(and(eq(refreshTokens.accountId, accountId), isNull(refreshTokens.revokedAt)));
  await db.delete(accessTokens).where(eq(accessTokens.accountId, accountId));
}

/**
 * Signs the account out everywhere but the session that made a security change (a new password, a new
 * contact): whoever else holds a session — perhaps the one who stole the old password — is out.
 */
export async function revokeOtherSessions(deps: Pick<Deps, 'sessions'>, db: DbOrTx, accountId: number, keepFamilyId: string, now: Date) {
  await deps.sessions.forgetAccount(accountId);
  await db.update(refreshTokens).set({ revokedAt: now })
    .where(and(eq(refreshTokens.accountId, accountId), isNull(refreshTokens.revokedAt), ne(refreshTokens.familyId, keepFamilyId)));
  await db.delete(accessTokens).where(and(eq(accessTokens.accountId, accountId), ne(accessTokens.familyId, keepFamilyId)));
}
