import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RED_PACKETS_API, type RedPacket, type RedPacketEvent, type RedPacketEventOpening, type RedPacketShare } from '@lantern/contract';
import { RED_PACKET_DETAIL_PER, RED_PACKET_EVENT_OPENINGS_DEFAULT } from '@lantern/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type Opening = { id: number; account: { id: number; nickname: string; avatar_url: string | null }; amount: number; opened_at_timestamp: number; mine: boolean };
export type OpeningsPage = { accounts_red_packets: Opening[]; meta: { total_count: number; page: number; per: number; red_packet_id: number | null } };
export const OPENINGS_PER = RED_PACKET_DETAIL_PER;

/** GET /api/events/{id}: the event and the viewer's own packet. */
export const redPacketEventQuery = (id: string | number) =>
  queryOptions({
    queryKey: queryKeys.redPackets.event(id),
    queryFn: ({ signal }) => api.get<{ event: RedPacketEvent }>(RED_PACKETS_API.event(id), { auth: 'optional', signal }),
    retry: false,
  });
export const useRedPacketEvent = (id: string) => useQuery(redPacketEventQuery(id));

/** GET …/red_packets/{rid}/shares/new: the sharer's share link (only asked for by the sharer). */
export const useNewShare = (eventId: number, packet: RedPacket | undefined) =>
  useQuery({
    queryKey: queryKeys.redPackets.newShare(eventId, packet?.id ?? 0),
    queryFn: ({ signal }) => api.get<{ red_packet_share: RedPacketShare }>(RED_PACKETS_API.newShare(eventId, packet!.id), { signal }),
    enabled: packet?.role === 'sharer',
    retry: false,
    staleTime: Infinity,
  });

/** GET …/shares/{sid}: the shared packet as this viewer sees it. */
export const redPacketShareQuery = (id: string, rid: string, sid: string) =>
  queryOptions({
    queryKey: queryKeys.redPackets.share(id, rid, sid),
    queryFn: ({ signal }) => api.get<{ red_packet_share: RedPacketShare }>(RED_PACKETS_API.share(id, rid, sid), { auth: 'optional', signal }),
    retry: false,
  });
export const useRedPacketShare = (id: string, rid: string, sid: string) => useQuery(redPacketShareQuery(id, rid, sid));

/** GET /api/events/{id}/accounts_red_packets: who opened what, 4 a page, of the own packet or the shared one. */
export const useOpenings = (eventId: number, by: { share_id?: string }, page: number) =>
  useQuery({
    queryKey: queryKeys.redPackets.openings(eventId, by.share_id ?? 'own', page),
    queryFn: ({ signal }) => api.get<OpeningsPage>(RED_PACKETS_API.accountsRedPackets(eventId), { auth: 'optional', signal, query: { page, ...by } }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** GET /api/events/{id}/openings: the latest parts opened across the event, newest first (public). */
export const useEventOpenings = (eventId: number) =>
  useQuery({
    queryKey: queryKeys.redPackets.eventOpenings(eventId),
    queryFn: ({ signal }) => api.get<{ openings: RedPacketEventOpening[] }>(RED_PACKETS_API.eventOpenings(eventId), { auth: 'optional', signal, query: { limit: RED_PACKET_EVENT_OPENINGS_DEFAULT } }),
    retry: false,
  });

/** POST /api/events/{id}/red_packets: after taking, the event reloads (docs/product/deals.md#red-packet-take). */
export function useTakeRedPacket(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ red_packet: RedPacket }>(RED_PACKETS_API.redPackets(eventId), {}),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.redPackets.event(eventId) }),
  });
}

/**
 * POST …/shares/{sid}/opens; `reload` reloads the share detail (docs/product/deals.md#red-packet-take) and the openings — the page calls it
 * once the opening has been shown (at once on a refusal); the wallet has a new line.
 */
export function useOpenRedPacket(id: string, rid: string, sid: string) {
  const client = useQueryClient();
  const reload = () => {
    void client.invalidateQueries({ queryKey: queryKeys.redPackets.share(id, rid, sid) });
    void client.invalidateQueries({ queryKey: queryKeys.redPackets.all, predicate: (q) => q.queryKey[2] === 'openings' });
  };
  const mutation = useMutation({
    mutationFn: () => api.post<{ red_packet_open: { amount: number; currency: 'CNY' | 'USD'; balance_after: number }; red_packet_share: RedPacketShare }>(RED_PACKETS_API.opens(id, rid, sid), {}),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.wallet.all }),
    onError: reload,
  });
  return { mutation, reload };
}
