import { PROMOTIONS_API, type PromotionResponse, type QualifyResponse, type SeckillEventsResponse, type SeckillLive, type SeckillPurchaseResponse } from '@lantern/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from './paths';
import { api } from './api';
import { flashBuyOutcome, type FlashBuyOutcome } from './flashSale';
import { queryKeys } from './query-keys';
import { noteServerTime } from './serverClock';
import { whenSignedIn } from './session';

/** How often a page showing flash sales reads the live stock and status (GET /sec_kill). */
export const LIVE_POLL_MS = 1000;

/** GET /api/promotion?q=sec_kills: the site's flash sales grouped current / pre / history. */
export const promotionQuery = queryOptions({
  queryKey: queryKeys.promotions.grouped,
  queryFn: () => api.get<PromotionResponse>(PROMOTIONS_API.promotion, { query: { q: 'sec_kills' }, auth: 'optional' }),
  staleTime: 30_000,
});

/** GET /api/events/sec_kills: every flash sale of the site (the game page picks the ones selling its SKU). */
export const seckillEventsQuery = queryOptions({
  queryKey: queryKeys.promotions.events,
  queryFn: () => api.get<SeckillEventsResponse>(PROMOTIONS_API.seckillEvents, { auth: 'optional' }),
  staleTime: 30_000,
});

/** GET /sec_kill, timing the round trip: the answer's server time keeps the web's offset to it (lib/serverClock). */
export async function fetchLive(): Promise<SeckillLive> {
  const sentAt = Date.now();
  const live = await api.get<SeckillLive>(PROMOTIONS_API.seckillLive, { auth: 'none' });
  noteServerTime(live.server_time_ms, sentAt, Date.now());
  return live;
}

/** Whether the tab is shown (document.visibilityState): a hidden tab does not poll. */
export function useDocumentVisible(): boolean {
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * The live status and stock of the site's flash sales, read every second while `enabled` and the tab is
 * shown; a hidden tab stops, and reads again as soon as it is shown. One component per page calls this (the
 * home block, the list page, the game page's panel) and hands the answer to its cards, so a page makes one
 * request a second whatever it shows (each observer of a query keeps its own interval).
 */
export function useSeckillLive(enabled = true) {
  const visible = useDocumentVisible();
  const on = enabled && visible;
  return useQuery({
    queryKey: queryKeys.promotions.live,
    queryFn: fetchLive,
    enabled: on,
    refetchInterval: on ? LIVE_POLL_MS : false,
    refetchIntervalInBackground: false,
    staleTime: LIVE_POLL_MS / 2,
    retry: false,
  });
}

/** The failure of the last buy that the page says (a go-to-page or sign-in outcome is acted on instead). */
export type ShownBuyFailure = Extract<FlashBuyOutcome, { refusal: unknown } | { other: unknown }>;

/**
 * Buying a flash-sale unit: a guest is asked to sign in; then POST …/qualify (the first reason the buyer
 * cannot buy now), then POST /api/sec_kill, which answers the seckill order, and the page goes to its
 * checkout. A 404 goes to /404, a blocked purchase to /ip_error; other refusals are answered for the page to say.
 */
export function useFlashBuy() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<{ eventId: number; outcome: ShownBuyFailure } | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ eventId, skuId }: { eventId: number; skuId?: number }) => {
      await api.post<QualifyResponse>(PROMOTIONS_API.qualify(eventId), skuId === undefined ? {} : { sku_id: skuId });
      return api.post<SeckillPurchaseResponse>(PROMOTIONS_API.seckillPurchase, { sec_kill: { id: eventId, ...(skuId === undefined ? {} : { sku_id: skuId }) } });
    },
    onSuccess: (order) => {
      void client.invalidateQueries({ queryKey: queryKeys.orders.all });
      void client.invalidateQueries({ queryKey: queryKeys.promotions.all });
      navigate(paths.checkout(order.id));
    },
    onError: (error, { eventId }) => {
      const outcome = flashBuyOutcome(error);
      if ('go' in outcome) return void navigate(outcome.go, { replace: outcome.go !== '/500' });
      if ('signIn' in outcome) return; // the API client has opened the sign-in popup
      // A sold-out answer also refreshes the stock shown.
      if ('refusal' in outcome && outcome.refusal === 'no_inventory') void client.invalidateQueries({ queryKey: queryKeys.promotions.live });
      setFailure({ eventId, outcome });
    },
  });
  const buy = (eventId: number, skuId?: number) => {
    setFailure(null);
    whenSignedIn(client, () => mutation.mutate({ eventId, skuId }));
  };
  return { buy, pending: mutation.isPending ? mutation.variables.eventId : null, failure, clearFailure: () => setFailure(null) };
}
