import { queryOptions, useQuery } from '@tanstack/react-query';
import { BUNDLES_API, LOTTERY_API, QUEUES_API, RED_PACKETS_API, type BundleActivity, type ExploringQueue, type LotteryActivity, type RedPacketEvent } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The live bundle promotions, for the home's deals links (GET /api/v7/bundle_promo_activities). */
export const homeBundlesQuery = () =>
  queryOptions({
    queryKey: queryKeys.bundles.list,
    queryFn: ({ signal }) => api.get<{ activities: BundleActivity[] }>(BUNDLES_API.activities, { auth: 'optional', signal }),
    retry: false,
  });

/** The live exploring queues (GET /api/promotion/queues). */
export const homeQueuesQuery = () =>
  queryOptions({
    queryKey: queryKeys.queues.live(),
    queryFn: ({ signal }) => api.get<{ queues: ExploringQueue[] }>(QUEUES_API.queues, { auth: 'optional', signal }),
    retry: false,
  });

/** The site's open red-packet events (GET /api/red_packet_events). */
export const homeRedPacketEventsQuery = () =>
  queryOptions({
    queryKey: queryKeys.redPackets.live,
    queryFn: ({ signal }) => api.get<{ events: Omit<RedPacketEvent, 'red_packets'>[] }>(RED_PACKETS_API.events, { auth: 'optional', signal }),
    retry: false,
  });

/** The site's lotteries (GET /api/lottery_activities): the home links the running ones drawn with points. */
export const homeLotteriesQuery = () =>
  queryOptions({
    queryKey: queryKeys.lottery.list,
    queryFn: ({ signal }) => api.get<{ lottery_activities: LotteryActivity[] }>(LOTTERY_API.activities, { auth: 'optional', signal }),
    retry: false,
  });

export const useHomeDeals = () => ({
  bundles: useQuery(homeBundlesQuery()),
  queues: useQuery(homeQueuesQuery()),
  redPackets: useQuery(homeRedPacketEventsQuery()),
  lotteries: useQuery(homeLotteriesQuery()),
});
