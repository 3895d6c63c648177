import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { NOTICES_API, type VersionInfosResponse, type VersionReleasesResponse } from '@lantern/contract';
import { VERSION_INFOS_PER_PAGE } from '@lantern/domain';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/version_infos: one page of the version progress list. */
export const versionInfosQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.notices.versions(page),
    queryFn: ({ signal }) => api.get<VersionInfosResponse>(NOTICES_API.versionInfos, { auth: 'optional', query: { page, per: VERSION_INFOS_PER_PAGE }, signal }),
    retry: false,
    placeholderData: keepPreviousData,
  });
export const useVersionInfos = (page: number) => useQuery(versionInfosQuery(page));

/** GET /api/version_releases: one version's notes grouped by kind, loaded when its card is opened. */
export const versionReleasesQuery = (versionInfoId: number) =>
  queryOptions({
    queryKey: queryKeys.notices.releases(versionInfoId),
    queryFn: ({ signal }) => api.get<VersionReleasesResponse>(NOTICES_API.versionReleases, { auth: 'optional', query: { version_info_id: versionInfoId }, signal }),
    retry: false,
    staleTime: 5 * 60_000,
  });
export const useVersionReleases = (versionInfoId: number, enabled: boolean) => useQuery({ ...versionReleasesQuery(versionInfoId), enabled });
