import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { KEYS_API, type ActivationResult, type KeyDelivery, type RevealedKey } from '@lantern/contract';
import type { TFunction } from 'i18next';
import { api, isApiError } from './api';
import type { MutationCallbacks } from './mutationCallbacks';
import { isRevealedKeyQuery, queryKeys } from './query-keys';

/**
 * Game keys as the order-complete page and the user centre share them (docs/product/buying.md#keys):
 * revealing a key's code (GET /api/me/game_keys/{id}), activating it, and the words for a line's delivery.
 */
/** The code of one of my keys. Asked only when the user reveals it; kept for the session. */
export const revealKeyQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.keys.reveal(id),
    queryFn: () => api.get<RevealedKey>(KEYS_API.revealKey(id)),
    staleTime: Infinity,
    retry: false,
  });

/** POST …/activate: a platform key (games, DLC, bundles) or a goods code (virtual goods). */
export const activateKey = (id: number, kind: 'platform_key' | 'goods_code') =>
  api.post<ActivationResult>(kind === 'goods_code' ? KEYS_API.activateCode(id) : KEYS_API.activateKey(id));

/**
 * Activates one key. Whatever the platform answered, the key lists reload (their statuses changed); a
 * revealed code does not change, so it is kept.
 */
export function useActivateKey(id: number, kind: 'platform_key' | 'goods_code', callbacks: MutationCallbacks<ActivationResult> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => activateKey(id, kind),
    onSuccess: (result) => {
      callbacks.onSuccess?.(result, undefined);
      void client.invalidateQueries({ queryKey: queryKeys.keys.all, predicate: (q) => !isRevealedKeyQuery(q.queryKey) });
    },
    onError: callbacks.onError,
  });
}

/** Activated, or enabled for a Uplay key (docs/product/buying.md#keys). */
export const isActivated = (status: string) => status === 'activated' || status === 'enabled';

/** A key error maps its reason to factory_{reason}, or to the generic wait message (docs/product/buying.md#factory-reasons). */
export function keyErrorText(t: TFunction, reason: string | null | undefined): string {
  if (reason) {
    const key = reason.startsWith('factory_') ? `keys.${reason}` : `keys.factory_${reason}`;
    const text = t(key, { defaultValue: '' });
    if (text) return text;
  }
  return t('keys.please_wait');
}

/** The error of a failed key call in words (404: not mine or gone; reasons on `base`/`key`). */
export function keyCallErrorText(t: TFunction, e: unknown): string {
  if (isApiError(e)) {
    if (e.status === 404) return t('keys.not_found');
    if (e.status === 429 || e.has('base', 'rate_limit')) return t('errors.rate_limit');
    const reason = Object.values(e.errors)[0]?.[0];
    if (reason) return keyErrorText(t, reason);
  }
  return t('keys.please_wait');
}

/** What a paid line's key is doing (docs/product/buying.md#key-delivery): delivered, pre-ordered (waits for release), or ordering. */
export function deliveryText(t: TFunction, d: Pick<KeyDelivery, 'state' | 'error' | 'source'>): string {
  if (d.state === 'delivered') return t('keys.delivered');
  if (d.state === 'pre_ordered') return t('keys.pre_ordered');
  // A waiting key never reads as ready: it says when it comes (the supplier's minutes, or the next restock) and that we tell the buyer.
  const waiting = d.source === 'genba' ? t('keys.ordering_supplier') : t('keys.ordering');
  return d.error ? `${waiting} ${keyErrorText(t, d.error)}` : waiting;
}
