import { queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_API, type NotificationServiceResponse } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/messages/service: the counters, the site's broadcasts and which are read, the settings. */
export const notificationServiceQuery = () =>
  queryOptions({
    queryKey: queryKeys.me.notificationService,
    queryFn: ({ signal }) => api.get<NotificationServiceResponse>(NOTIFICATIONS_API.service, { signal }),
  });
export const useNotificationService = () => useQuery(notificationServiceQuery());
