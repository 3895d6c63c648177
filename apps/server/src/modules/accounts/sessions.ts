import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS, SESSION_ABSOLUTE_LIFETIME_SECONDS, isInRefreshProtection, isSessionWithinLifetime, type Area,
} from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { BatchedLoaders } from '../../platform/batched-loader.ts';
import { PreparedSql, slot } from '../../platform/db/prepared.ts';
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
  return deps.sessions.get(key) ?? lookUpToken(deps, key);
}

async function lookUpToken(deps: Deps, key: string): Promise<Authenticated | null> {
  const row = await tokenLookups.load(deps, key);
  if (!row) return null;
  const found: Authenticated = { accountId: row.accountId, familyId: row.familyId, role: row.role, region: row.region };
  deps.sessions.set(key, row.accountId, found, row.expiresAt);
  return found;
}

interface TokenRow extends Authenticated {
  expiresAt: Date;
}

/**
 * The lookups of every request that missed the cache in the same turn of the event loop, as one statement
 * (platform/batched-loader.ts): a rush of buyers signed in moments ago pays one round trip for all of their
 * tokens, not one each. Keys are `area:tokenHash`; a token unknown, expired, of another site or of a closed
 * account is simply not found.
 */
const tokenLookups = new BatchedLoaders<Deps, string, TokenRow>(async (deps, keys) => {
  const asked = keys.map((key) => key.split(':') as [Area, string]);
  const rows = await tokenStatement.rows<{ area: Area; token_hash: string; account_id: number | string; family_id: string; role: Authenticated['role']; region: string; expires_ms: number | string }>(deps.db, {
    areas: asked.map(([area]) => area), hashes: asked.map(([, hash]) => hash), now: deps.clock.now(),
  });
  return new Map(rows.map((r) => [`${r.area}:${r.token_hash}`, {
    accountId: Number(r.account_id), familyId: r.family_id, role: r.role, region: r.region, expiresAt: new Date(Number(r.expires_ms)),
  }]));
});

/** The token lookup for many tokens, built once and prepared (a named statement on node-postgres). */
const tokenStatement = new PreparedSql('accounts_access_tokens', () => sql`
  select t.area, t.token_hash, t.account_id, t.family_id, a.role, a.region, (extract(epoch from t.expires_at) * 1000)::bigint as expires_ms
  from unnest(${slot('areas')}::text[], ${slot('hashes')}::text[]) as asked(area, token_hash)
  join ${accessTokens} t on t.token_hash = asked.token_hash and t.area = asked.area
  join ${accounts} a on a.id = t.account_id
  where t.expires_at > ${slot('now')} and a.closed_at is null`);

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
