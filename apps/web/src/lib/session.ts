import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { API, COOKIES, type Me, type MeCheck, type SessionResponse } from '@lantern/contract';
import { api, configureApi, isApiError } from './api';
import { openSignIn } from './signInStore';
import { readCookie } from './cookies';
import { getSite } from './site';

/** The `me` query is the session state: `null` for a guest, the account when signed in. */
export const meKey = ['me'] as const;

export const meQuery = queryOptions({
  queryKey: meKey,
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

export function useMe() {
  return useQuery(meQuery);
}

export const meCheckQuery = (accountId: number) =>
  queryOptions({
    queryKey: ['me', 'check', accountId] as const,
    queryFn: () => api.get<MeCheck>(API.meCheck, { auth: 'optional' }),
    staleTime: 0,
    retry: false,
  });

/** After any sign-in: store the account and refresh everything that depends on who is asking. */
export function applySession(client: QueryClient, session: SessionResponse) {
  client.setQueryData(meKey, session.account);
  void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
  void client.invalidateQueries({ queryKey: ['me', 'check'] });
}

export async function signOut(client: QueryClient) {
  try {
    await api.delete(API.accessToken, { auth: 'none' });
  } finally {
    client.setQueryData(meKey, null);
    client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' || q.queryKey.length > 1 });
  }
}

export function useSignOut() {
  const client = useQueryClient();
  return () => signOut(client);
}

/** Any 401 the silent refresh could not cure ends the session and opens the sign-in popup (docs/product/screens.md#sign-in-popup). */
export function connectSessionToApi(client: QueryClient) {
  configureApi({
    onUnauthorized: () => {
      client.setQueryData(meKey, null);
      openSignIn();
    },
  });
}
