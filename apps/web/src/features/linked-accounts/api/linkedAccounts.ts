import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API, LINKED_ACCOUNTS_API, type Me, type SteamPlatform } from '@lantern/contract';
import type { PlatformKind } from '@lantern/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { storeMe } from '../../../lib/session';

/** GET /api/platforms/steam: the account's Steam binding and its library. */
export const steamPlatformQuery = () =>
  queryOptions({
    queryKey: queryKeys.linkedAccounts.steam,
    queryFn: ({ signal }) => api.get<SteamPlatform>(LINKED_ACCOUNTS_API.steamPlatform, { signal }),
    retry: false,
  });
export const useSteamPlatform = (enabled: boolean) => useQuery({ ...steamPlatformQuery(), enabled });

/**
 * GET /api/openid/bind/new (Steam) or /api/oauth/{kind}/bind/new: the provider's sign-in URL; the server keeps a
 * nonce in this browser's cookie, so the provider's answer is accepted only here. The page then leaves for it.
 */
export const startLink = (kind: PlatformKind, returnTo: string) =>
  api.get<{ url: string }>(kind === 'steam' ? LINKED_ACCOUNTS_API.steamBindNew : LINKED_ACCOUNTS_API.oauthBindNew(kind), { query: { return_to: returnTo } });

/** POST /api/bind_wechat or /api/bind_weibo with what the provider sent back; the account's platforms change. */
export function useFinishOAuthLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, code, state }: { kind: 'wechat' | 'weibo'; code: string; state: string }) =>
      api.post<{ platforms: Me['platforms'] }>(kind === 'wechat' ? LINKED_ACCOUNTS_API.bindWechat : LINKED_ACCOUNTS_API.bindWeibo, { code, state }),
    onSettled: () => void client.invalidateQueries({ queryKey: queryKeys.me.all }),
  });
}

/** DELETE /api/openid/bind?kind=…: basic info and the Steam data are read again. */
export function useUnbind() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (kind: PlatformKind) => api.delete<void>(LINKED_ACCOUNTS_API.steamBind, { query: { kind } }),
    onSettled: () => void client.invalidateQueries({ queryKey: queryKeys.me.all }),
  });
}

/** PATCH /api/me `responsibility_acknowledged: true`: "I have got it" before Steam data is shared (docs/product/screens.md#responsibility-dialog). */
export function useAcknowledgeResponsibility() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.patch<Me>(API.me, { account: { responsibility_acknowledged: true } }),
    onSuccess: (me) => storeMe(client, me),
  });
}
