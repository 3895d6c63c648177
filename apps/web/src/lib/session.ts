import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { API, COOKIES, type Me, type MeCheck, type SessionResponse } from '@lantern/contract';
import { api, configureApi, isApiError } from './api';
import { openSignIn } from './signInStore';
import { readCookie } from './cookies';
import { frameQueryKeys } from './frame-query-keys';
import { getSite } from './site';

/** The `me` query is the session state: `null` for a guest, the account when signed in. */
export const meQuery = queryOptions({
  queryKey: frameQueryKeys.me.all,
  queryFn: async (): Promise<Me | null> => {
    // No session marker on this site: a guest, so do not make a call that can only answer 401.
    if (!readCookie(COOKIES.session(getSite().area))) return null;
    try {
      return await api.get<Me>(API.me, { auth: 'optional' });
    } catch (e) {
      if (isApiError(e) && e.status === 401) return null;
      throw e;
    }
  },
  staleTime: 60_000,
  retry: false,
});

/**
 * Asked at boot, before the first render (main.tsx via app/App.tsx `boot`): a guest's `null` is known at once (no
 * request) and a member's account is read in parallel with the page's code and data. The frame's first render then
 * has the session state, instead of rendering the header, the frame and every reader of `me` again when it arrives
 * (a synchronous render the browser cannot interrupt; docs/decisions/0042-first-paint.md, "One render at boot").
 */
export function readSessionEarly(client: QueryClient): Promise<void> {
  return client.prefetchQuery(meQuery);
}

export function useMe() {
  return useQuery(meQuery);
}

/**
 * Runs an action for a signed-in visitor and opens the sign-in popup for a guest. A click made before the
 * session check has answered waits for that answer: a signed-in visitor's first click on a page that is
 * still loading is not a guest's. A check that fails (the network) does nothing rather than ask a signed-in
 * visitor to sign in again.
 */
export function whenSignedIn(client: QueryClient, action: (me: Me) => void): void {
  const known = client.getQueryData(meQuery.queryKey);
  if (known !== undefined) {
    if (known) action(known);
    else openSignIn();
    return;
  }
  client.ensureQueryData(meQuery).then((me) => (me ? action(me) : openSignIn()), () => undefined);
}

/** `whenSignedIn` for a component's handlers. */
export function useWhenSignedIn(): (action: (me: Me) => void) => void {
  const client = useQueryClient();
  return (action) => whenSignedIn(client, action);
}

export const meCheckQuery = (accountId: number) =>
  queryOptions({
    queryKey: frameQueryKeys.me.check(accountId),
    queryFn: () => api.get<MeCheck>(API.meCheck, { auth: 'optional' }),
    staleTime: 0,
    retry: false,
  });

const isAccountKey = (key: readonly unknown[]) => key[0] === frameQueryKeys.me.all[0];

/**
 * Replaces the signed-in account with the one a write answered (profile, contacts, identification), then
 * refetches it and everything under it. An answer that is not an account (some writes answer `{}`) only
 * refetches.
 */
export function storeMe(client: QueryClient, answer: unknown) {
  if (answer && typeof answer === 'object' && 'id' in answer && 'security_info' in answer) client.setQueryData(frameQueryKeys.me.all, answer as Me);
  return client.invalidateQueries({ queryKey: frameQueryKeys.me.all });
}

/**
 * Forgets everything one account saw: its orders, cart, keys (revealed codes included) and what the store
 * showed it, keeping only the session entry itself, set to `account`. Another person signing in on this tab
 * must never see the previous account's data, not even for a moment.
 */
function forgetAccountData(client: QueryClient, account: Me | null) {
  client.setQueryData(frameQueryKeys.me.all, account);
  client.removeQueries({ predicate: (q) => !isAccountKey(q.queryKey) || q.queryKey.length > frameQueryKeys.me.all.length });
}

/** After any sign-in: store the account and refresh everything that depends on who is asking. */
export function applySession(client: QueryClient, session: SessionResponse) {
  const before = client.getQueryData<Me | null>(frameQueryKeys.me.all);
  if (before && before.id !== session.account.id) forgetAccountData(client, null);
  client.setQueryData(frameQueryKeys.me.all, session.account);
  void client.invalidateQueries({ predicate: (q) => !isAccountKey(q.queryKey) });
  void client.invalidateQueries({ queryKey: frameQueryKeys.me.checkAll });
}

export async function signOut(client: QueryClient) {
  try {
    await api.delete(API.accessToken, { auth: 'none' });
  } finally {
    forgetAccountData(client, null);
  }
}

/** `applySession` for a component: what a sign-in or sign-up form calls with the session it got. */
export function useApplySession() {
  const client = useQueryClient();
  return (session: SessionResponse) => applySession(client, session);
}

export function useSignOut() {
  const client = useQueryClient();
  return () => signOut(client);
}

/** Any 401 the silent refresh could not cure ends the session and opens the sign-in popup (docs/product/screens.md#sign-in-popup). */
export function connectSessionToApi(client: QueryClient) {
  configureApi({
    onUnauthorized: () => {
      // The session is over: what it saw goes with it, before anyone else signs in here.
      forgetAccountData(client, null);
      openSignIn();
    },
  });
}
