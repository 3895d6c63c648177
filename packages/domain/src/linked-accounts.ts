/**
 * Linked accounts (docs/product/linked-accounts.md): Steam by OpenID 2.0, WeChat and Weibo by OAuth 2.0. The rules
 * that decide a binding and what Steam data may be shown; server and web both use these.
 */
export const PLATFORM_KINDS = ['steam', 'wechat', 'weibo'] as const;
export type PlatformKind = (typeof PLATFORM_KINDS)[number];
export const OAUTH_PLATFORM_KINDS = ['wechat', 'weibo'] as const;

/** How long a sign-in or binding started here may take at the provider before its state expires. */
export const LINK_STATE_TTL_SECONDS = 10 * 60;

/** Why Steam friends (or games) of an account cannot be shown: no Steam account bound, or a private profile. */
export type SteamError = 'unbind' | 'hidden';

export function steamError(bound: boolean, publicProfile: boolean): SteamError | null {
  if (!bound) return 'unbind';
  return publicProfile ? null : 'hidden';
}

/**
 * Whether an outside account may be bound to this account: one account of each kind per store account
 * (`already_bound`: unbind first), and one store account per outside account (`taken`: it is someone
 * else's). Binding the same pair again is a no-op, not an error.
 */
export function bindingProblem(input: { accountId: number; boundToThisAccount: string | null; ownerOfExternal: number | null; externalId: string }): 'already_bound' | 'taken' | null {
  if (input.ownerOfExternal !== null && input.ownerOfExternal !== input.accountId) return 'taken';
  if (input.boundToThisAccount !== null && input.boundToThisAccount !== input.externalId) return 'already_bound';
  return null;
}

/** Where the web returns after a binding started from a page: a path of this site only, never another host. */
export function safeReturnPath(path: string | null | undefined, fallback: string): string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return fallback;
  return path.length > 500 ? fallback : path;
}
