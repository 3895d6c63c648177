import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MODERATION_API, type reportQueueResponse } from '@lantern/contract';
import type { ReportResolution } from '@lantern/domain';
import type { z } from 'zod';
import { api } from '../../../../lib/api';
import { queryKeys } from '../../../../lib/query-keys';
import { getSite } from '../../../../lib/site';

export type ReportQueue = z.infer<typeof reportQueueResponse>;
export const REPORT_STATES = ['open', 'upheld', 'dismissed'] as const;
export type ReportState = (typeof REPORT_STATES)[number];
export const REPORTS_PER_PAGE = 20;

/** Staff: GET /api/admin/reports, one state's reports of this site's content, the most serious and most reliable first. */
export const useReportQueue = (status: ReportState, page: number, enabled: boolean) =>
  useQuery({
    enabled,
    queryKey: queryKeys.moderation.reports(status, page),
    queryFn: () => api.get<ReportQueue>(MODERATION_API.adminReports, { query: { status, area: getSite().area, page, per: REPORTS_PER_PAGE } }),
    placeholderData: keepPreviousData,
  });

/** Claim a report's target, or give the claim back; the queue is read again either way (someone may have got there first). */
export function useClaimReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, claim }: { id: number; claim: boolean }) => (claim ? api.post(MODERATION_API.adminClaimReport(id)) : api.delete(MODERATION_API.adminClaimReport(id))),
    onSettled: () => void client.invalidateQueries({ queryKey: queryKeys.moderation.all }),
  });
}

/** Resolve every open report on the report's target with one action (hide, delete, mute the author, dismiss). */
export function useResolveReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, muteDays }: { id: number; action: ReportResolution; muteDays?: number }) =>
      api.post(MODERATION_API.adminResolveReport(id), { resolution: { action, ...(muteDays !== undefined && { mute_days: muteDays }) } }),
    onSettled: () => {
      for (const key of [queryKeys.moderation.all, queryKeys.community.all, queryKeys.discussion.all, queryKeys.talks.all]) void client.invalidateQueries({ queryKey: key });
    },
  });
}
