import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { NOTICES_API, type Notice, type NoticesResponse } from '@lantern/contract';
import { NOTICES_PER_PAGE } from '@lantern/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/notices: one page of the site's notices, pinned first. */
export const noticesQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.notices.list(page),
    queryFn: ({ signal }) => api.get<NoticesResponse>(NOTICES_API.notices, { auth: 'optional', query: { page, per: NOTICES_PER_PAGE }, signal }),
    retry: false,
    placeholderData: keepPreviousData,
  });
export const useNotices = (page: number) => useQuery(noticesQuery(page));

/** GET /api/notices/{id}: one notice in full. */
export const noticeQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.notices.detail(id),
    queryFn: ({ signal }) => api.get<Notice>(NOTICES_API.notice(id), { auth: 'optional', signal }),
    retry: false,
  });
export const useNotice = (id: string) => useQuery({ ...noticeQuery(id), enabled: /^\d{1,15}$/.test(id) });
