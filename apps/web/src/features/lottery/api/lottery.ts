import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LOTTERY_API, type LotteryActivity, type LotteryDrawResult, type LotteryRecord, type LotteryUserInfo, type ListMeta } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/lottery_activities?q[id_in][]=id: the activity with every prize's stock and probability (an unknown id answers none). */
export const lotteryQuery = (id: string | number) =>
  queryOptions({
    queryKey: queryKeys.lottery.activity(id),
    queryFn: async ({ signal }) => {
      const { lottery_activities } = await api.get<{ lottery_activities: LotteryActivity[] }>(LOTTERY_API.activities, { auth: 'optional', signal, query: { q: { id_in: [String(id)] } } });
      return lottery_activities[0] ?? null;
    },
    retry: false,
  });
export const useLottery = (id: string) => useQuery(lotteryQuery(id));

/** GET …/infos: the viewer's counts and what would stop a draw now (signed in only). */
export const useLotteryInfo = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.lottery.info(id),
    queryFn: ({ signal }) => api.get<{ lottery_user_info: LotteryUserInfo }>(LOTTERY_API.infos(id), { auth: 'optional', signal }).then((r) => r.lottery_user_info),
    enabled,
    retry: false,
  });

/** GET /api/promotion/lottery_records: the viewer's draws of this activity. */
export const useMyLotteryRecords = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.lottery.records(id),
    queryFn: ({ signal }) => api.get<{ lottery_records: LotteryRecord[]; meta: ListMeta }>(LOTTERY_API.records, { auth: 'optional', signal, query: { lottery_activity_id: String(id), per: '10' } }),
    enabled,
    retry: false,
  });

/** GET …/accounts_lottery_prizes: the recent winners, with their avatars and nicknames. */
export const useLotteryWinners = (id: number) =>
  useQuery({
    queryKey: queryKeys.lottery.winners(id),
    queryFn: ({ signal }) => api.get<{ accounts_lottery_prizes: LotteryRecord[]; meta: ListMeta }>(LOTTERY_API.accountsPrizes(id), { auth: 'optional', signal, query: { per: '10' } }),
    retry: false,
  });

/**
 * POST …/draws. A 401 opens the sign-in popup (the api's default). A draw moves stock, points, coupons and the
 * records, so each is refreshed once it lands.
 */
export function useDraw(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<LotteryDrawResult>(LOTTERY_API.draws(id), {}),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: queryKeys.lottery.activity(id) });
      void client.invalidateQueries({ queryKey: queryKeys.lottery.winners(id) });
      void client.invalidateQueries({ queryKey: queryKeys.lottery.info(id) });
      void client.invalidateQueries({ queryKey: queryKeys.lottery.records(id) });
      void client.invalidateQueries({ queryKey: queryKeys.points.all });
      void client.invalidateQueries({ queryKey: queryKeys.coupons.all });
      void client.invalidateQueries({ queryKey: queryKeys.me.all, exact: true });
    },
  });
}
