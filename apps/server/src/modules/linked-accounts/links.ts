import { createHash } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { bindingProblem, LINK_STATE_TTL_SECONDS, safeReturnPath, type PlatformKind } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import { newToken, safeEqual } from '../../platform/crypto.ts';
import { checkAssertion, openIdLoginUrl } from '../../platform/linked-accounts/openid.ts';
import { OAuthRefusal, type OAuthKind } from '../../platform/linked-accounts/oauth.ts';
import { platformBindings, platformLinkStates, platformUsedProofs } from './tables.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Where a binding returns when the page that started it named none: the linked-accounts settings page. */
export const LINKED_ACCOUNTS_PAGE = '/setting/linked_accounts';

/** Steam sends the browser back here with its assertion; `state` names the binding this server started. */
export const steamReturnTo = (origin: string, state: string) => `${origin}/api/openid/bind/callback?state=${encodeURIComponent(state)}`;
/** The same for signing in with Steam. */
export const steamSignInReturnTo = (origin: string, state: string) => `${origin}/api/openid/sign_in/callback?state=${encodeURIComponent(state)}`;
/** WeChat and Weibo send the browser back to this page of the web app, which posts the code to the API. */
export const oauthRedirectUri = (origin: string, kind: OAuthKind) => `${origin}/oauth/${kind}/callback`;

export interface StartedLink {
  url: string;
  /** Kept in an HttpOnly cookie of the browser that started: the answer must come back to the same browser. */
  nonce: string;
}

/**
 * Starts binding a Steam, WeChat or Weibo account (docs/product/linked-accounts.md#binding): a one-time state
 * for the provider, a nonce for the browser's cookie (both stored hashed), and the provider's URL.
 */
export async function startLink(deps: Deps, accountId: number | null, kind: PlatformKind, origin: string, returnPath: string | undefined): Promise<StartedLink> {
  const providers = deps.linkedAccounts;
  const openId = kind === 'steam' ? providers.steamOpenId : null;
  const oauth = kind === 'steam' ? null : providers.oauth[kind];
  if (!openId && !oauth) throw fail.unprocessable(kind, 'provider_unavailable');
  if (accountId === null && !providers.steamSignIn) throw fail.unprocessable(kind, 'provider_unavailable');
  const state = newToken();
  const nonce = newToken();
  const now = deps.clock.now();
  // Old unfinished bindings are dropped as new ones start, so the table holds only live ones.
  await deps.db.delete(platformLinkStates).where(lt(platformLinkStates.expiresAt, now));
  await deps.db.insert(platformLinkStates).values({
    stateHash: sha256(state), nonceHash: sha256(nonce), accountId, kind,
    returnPath: safeReturnPath(returnPath, accountId === null ? '/' : LINKED_ACCOUNTS_PAGE), expiresAt: new Date(now.getTime() + LINK_STATE_TTL_SECONDS * 1000),
  });
  const url = openId
    ? openIdLoginUrl(openId.endpoint(origin), accountId === null ? steamSignInReturnTo(origin, state) : steamReturnTo(origin, state), origin)
    : oauth!.authorizeUrl(origin, oauthRedirectUri(origin, kind as OAuthKind), state);
  return { url, nonce };
}

/**
 * Takes a started binding: deleted as it is read, so one state is answered once. Unknown (forged or already
 * used), another account's, another kind's, or without this browser's nonce is `state: invalid`; too old is
 * `state: expired`. The row goes in every case: a state shown to the wrong party is spent.
 */
async function takeState(deps: Deps, state: string, nonce: string | undefined, accountId: number | null, kind: PlatformKind): Promise<{ returnPath: string }> {
  const [row] = await deps.db.delete(platformLinkStates).where(eq(platformLinkStates.stateHash, sha256(state))).returning();
  if (!row || row.accountId !== accountId || row.kind !== kind || !nonce || !safeEqual(row.nonceHash, sha256(nonce))) throw fail.unprocessable('state', 'invalid');
  if (row.expiresAt.getTime() <= deps.clock.now().getTime()) throw fail.unprocessable('state', 'expired');
  return { returnPath: row.returnPath };
}

/** Remembers a proof (OpenID response nonce, OAuth code) as used; false when it was used before. */
async function spendProof(tx: DbOrTx, kind: PlatformKind, proof: string, now: Date): Promise<boolean> {
  const rows = await tx.insert(platformUsedProofs).values({ kind, proof: sha256(proof), usedAt: now }).onConflictDoNothing().returning({ proof: platformUsedProofs.proof });
  return rows.length === 1;
}

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

/**
 * Binds the outside account in the transaction that spent its proof. The rules (`bindingProblem`) answer the
 * usual cases with their reason; the unique keys hold them when two requests race (the loser is `taken`).
 */
async function bind(deps: Deps, accountId: number, kind: PlatformKind, externalId: string, showId: string, proof: string, profile: { avatarUrl?: string; profileUrl?: string } = {}): Promise<void> {
  const now = deps.clock.now();
  try {
    await deps.db.transaction(async (tx) => {
      if (!(await spendProof(tx, kind, proof, now))) throw fail.unprocessable(kind === 'steam' ? 'openid' : 'code', 'used');
      const [mine] = await tx.select({ externalId: platformBindings.externalId }).from(platformBindings).where(and(eq(platformBindings.accountId, accountId), eq(platformBindings.kind, kind)));
      const [owner] = await tx.select({ accountId: platformBindings.accountId }).from(platformBindings).where(and(eq(platformBindings.kind, kind), eq(platformBindings.externalId, externalId)));
      const problem = bindingProblem({ accountId, boundToThisAccount: mine?.externalId ?? null, ownerOfExternal: owner?.accountId ?? null, externalId });
      if (problem) throw fail.conflict(kind, problem);
      if (mine) return;
      await tx.insert(platformBindings).values({ accountId, kind, externalId, showId: showId.slice(0, 100), profile, createdAt: now });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fail.conflict(kind, 'taken');
    throw error;
  }
}

/**
 * GET /api/openid/bind/callback: Steam's positive assertion for a binding this account started in this browser.
 * The state is spent first; then the assertion is checked (openid.ts: mode, endpoint, `return_to`, claimed id,
 * fresh nonce, signed fields, signature), its nonce spent (a replay is `openid: used`), and the SteamID bound.
 */
export async function finishSteamLink(deps: Deps, accountId: number, origin: string, params: Record<string, string>, nonce: string | undefined): Promise<{ returnPath: string }> {
  const provider = deps.linkedAccounts.steamOpenId;
  if (!provider) throw fail.unprocessable('steam', 'provider_unavailable');
  const state = params.state ?? '';
  const { returnPath } = await takeState(deps, state, nonce, accountId, 'steam');
  const checked = await checkAssertion(params, { endpoint: provider.endpoint(origin), returnTo: steamReturnTo(origin, state), nowSeconds: Math.floor(deps.clock.now().getTime() / 1000) }, provider);
  if (!checked.ok) throw fail.unprocessable('openid', checked.reason);
  const player = await deps.linkedAccounts.steamWebApi?.player(checked.steamId);
  await bind(deps, accountId, 'steam', checked.steamId, player?.personaName || checked.steamId, `${checked.steamId}:${checked.responseNonce}`, {
    avatarUrl: player?.avatarUrl || undefined, profileUrl: player?.profileUrl || `https://steamcommunity.com/profiles/${checked.steamId}`,
  });
  return { returnPath };
}

/**
 * POST /api/bind_wechat, /api/bind_weibo: the code the provider gave the browser, with the state it carried. The
 * state is spent first; the code is exchanged with the provider (a code it refuses is `code: invalid`, `used`
 * or `expired`), spent here too (so a code replayed against a provider that forgets is still refused), and the
 * account bound.
 */
export async function finishOAuthLink(deps: Deps, accountId: number, kind: OAuthKind, origin: string, code: string, state: string, nonce: string | undefined): Promise<{ returnPath: string }> {
  const provider = deps.linkedAccounts.oauth[kind];
  if (!provider) throw fail.unprocessable(kind, 'provider_unavailable');
  const { returnPath } = await takeState(deps, state, nonce, accountId, kind);
  let identity;
  try {
    identity = await provider.exchange(code, oauthRedirectUri(origin, kind));
  } catch (error) {
    if (error instanceof OAuthRefusal) throw fail.unprocessable('code', error.reason);
    throw error;
  }
  await bind(deps, accountId, kind, identity.externalId, identity.displayName, code);
  return { returnPath };
}

/**
 * GET /api/openid/sign_in/callback: Steam's assertion for a sign-in started in this browser (a state without an
 * account), checked exactly as a binding's; the SteamID must be bound to an account here (else `steam: unbound`:
 * a Steam account is linked from the settings after signing in another way). Answers the account to sign in.
 * Only where the provider proves the SteamID (`steamSignIn`): the sandbox on a production or staging server
 * is `steam: provider_unavailable` here, as at the start.
 */
export async function finishSteamSignIn(deps: Deps, origin: string, params: Record<string, string>, nonce: string | undefined): Promise<{ accountId: number; returnPath: string }> {
  const provider = deps.linkedAccounts.steamOpenId;
  // The sandbox signs whatever SteamID the tester typed: on a production or staging server it binds only.
  if (!provider || !deps.linkedAccounts.steamSignIn) throw fail.unprocessable('steam', 'provider_unavailable');
  const state = params.state ?? '';
  const { returnPath } = await takeState(deps, state, nonce, null, 'steam');
  const checked = await checkAssertion(params, { endpoint: provider.endpoint(origin), returnTo: steamSignInReturnTo(origin, state), nowSeconds: Math.floor(deps.clock.now().getTime() / 1000) }, provider);
  if (!checked.ok) throw fail.unprocessable('openid', checked.reason);
  if (!(await spendProof(deps.db, 'steam', `${checked.steamId}:${checked.responseNonce}`, deps.clock.now()))) throw fail.unprocessable('openid', 'used');
  const [binding] = await deps.db.select({ accountId: platformBindings.accountId }).from(platformBindings)
    .where(and(eq(platformBindings.kind, 'steam'), eq(platformBindings.externalId, checked.steamId)));
  if (!binding) throw fail.unprocessable('steam', 'unbound');
  return { accountId: binding.accountId, returnPath };
}

/** DELETE /api/openid/bind: the account's binding of that kind goes; none is `<kind>: not_bound`. */
export async function unbind(deps: Deps, accountId: number, kind: PlatformKind): Promise<void> {
  const gone = await deps.db.delete(platformBindings).where(and(eq(platformBindings.accountId, accountId), eq(platformBindings.kind, kind))).returning({ id: platformBindings.id });
  if (gone.length === 0) throw fail.unprocessable(kind, 'not_bound');
}

const kindOrder = sql`case ${platformBindings.kind} when 'steam' then 0 when 'wechat' then 1 else 2 end`;

/** The account's bindings as basic info shows them, in the order steam, wechat, weibo. */
export async function platformsFor(db: DbOrTx, accountId: number) {
  return db.select({ kind: platformBindings.kind, show_id: platformBindings.showId }).from(platformBindings)
    .where(eq(platformBindings.accountId, accountId)).orderBy(kindOrder);
}

/** The same for many accounts in one statement (provided to accounts, which batches /api/me). */
export async function platformsForMany(db: DbOrTx, accountIds: readonly number[]) {
  const byAccount = new Map<number, { kind: PlatformKind; show_id: string }[]>();
  if (accountIds.length === 0) return byAccount;
  const rows = await db.select({ accountId: platformBindings.accountId, kind: platformBindings.kind, show_id: platformBindings.showId }).from(platformBindings)
    .where(inArray(platformBindings.accountId, [...accountIds])).orderBy(kindOrder);
  for (const row of rows) {
    const list = byAccount.get(row.accountId) ?? [];
    list.push({ kind: row.kind, show_id: row.show_id });
    byAccount.set(row.accountId, list);
  }
  return byAccount;
}

export async function bindingOf(db: DbOrTx, accountId: number, kind: PlatformKind) {
  const [row] = await db.select().from(platformBindings).where(and(eq(platformBindings.accountId, accountId), eq(platformBindings.kind, kind)));
  return row ?? null;
}

/** Which store accounts hold these SteamIDs (friends who are here too). */
export async function accountsBySteamIds(db: DbOrTx, steamIds: readonly string[]): Promise<Map<string, number>> {
  if (steamIds.length === 0) return new Map();
  const rows = await db.select({ externalId: platformBindings.externalId, accountId: platformBindings.accountId }).from(platformBindings)
    .where(and(eq(platformBindings.kind, 'steam'), inArray(platformBindings.externalId, [...steamIds])));
  return new Map(rows.map((r) => [r.externalId, r.accountId]));
}
