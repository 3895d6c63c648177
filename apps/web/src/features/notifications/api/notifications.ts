import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_API, type NotificationsResponse } from '@lantern/contract';
import { NOTIFICATIONS_PER_PAGE, type NotificationKind } from '@lantern/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/messages: one page of the account's notifications of some kinds, newest first. */
export const notificationsQuery = (kinds: readonly NotificationKind[], page: number) =>
  queryOptions({
    queryKey: queryKeys.me.notifications(kinds.join(','), page),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ page: String(page), per: String(NOTIFICATIONS_PER_PAGE) });
      for (const kind of kinds) query.append('q[where][kind][]', kind);
      return api.get<NotificationsResponse>(`${NOTIFICATIONS_API.messages}?${query.toString()}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
export const useNotifications = (kinds: readonly NotificationKind[], page: number, enabled = true) => useQuery({ ...notificationsQuery(kinds, page), enabled });
