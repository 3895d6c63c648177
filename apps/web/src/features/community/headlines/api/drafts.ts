import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { HEADLINES_API, type HeadlineDraft, type HeadlineDraftPreview, type HeadlineDraftFields, type headlineDraftsResponse } from '@lantern/contract';
import type { z } from 'zod';
import { api } from '../../../../lib/api';
import { queryKeys } from '../../../../lib/query-keys';

export type HeadlineDraftList = z.infer<typeof headlineDraftsResponse>;

/** GET /api/headline_drafts: the editor's drafts on this site, last edited first. */
export const draftsQuery = (status: string) =>
  queryOptions({
    queryKey: queryKeys.headlines.draftList(status),
    queryFn: () => api.get<HeadlineDraftList>(HEADLINES_API.drafts, { query: { per: 50, ...(status !== 'all' ? { q: { status_eq: status } } : {}) } }),
  });
export const useHeadlineDrafts = (status: string) => useQuery(draftsQuery(status));

export const useHeadlineDraft = (id: number | null) =>
  useQuery({ queryKey: queryKeys.headlines.draft(id ?? 0), queryFn: () => api.get<HeadlineDraft>(HEADLINES_API.draft(id!)), enabled: id !== null });

/** POST /api/headline_drafts, or PATCH /api/headline_drafts/{id}: saves (and with `submit`, sends for approval). */
export function useSaveHeadlineDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields }: { id: number | null; fields: HeadlineDraftFields }) =>
      id === null ? api.post<HeadlineDraft>(HEADLINES_API.drafts, { headline_draft: fields }) : api.patch<HeadlineDraft>(HEADLINES_API.draft(id), { headline_draft: fields }),
    onSuccess: (draft) => {
      client.setQueryData(queryKeys.headlines.draft(draft.id), draft);
      void client.invalidateQueries({ queryKey: queryKeys.headlines.drafts });
    },
  });
}

/** DELETE /api/headline_drafts/{id}. */
export function useDeleteHeadlineDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ id: number }>(HEADLINES_API.draft(id)),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.headlines.drafts }),
  });
}

/** Staff: GET /api/admin/headline_drafts, the site's submitted drafts, oldest first. */
export const useReviewQueue = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.headlines.queue, queryFn: () => api.get<HeadlineDraftList>(HEADLINES_API.staffDrafts, { query: { per: 50 } }), enabled });

/** Staff: publish a submitted draft, or send it back with a reason; the lists and the headlines refresh. */
export function useReviewDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: number; action: 'publish' | 'reject'; reason?: string }): Promise<{ headline?: { id: number } }> =>
      action === 'publish' ? api.post(HEADLINES_API.staffPublish(id)) : api.post(HEADLINES_API.staffReject(id), { reason }),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.headlines.all }),
  });
}

/** Staff: GET /api/admin/headline_drafts/{id}/preview, a submitted draft and the article it will become. */
export const useDraftPreview = (id: number) =>
  useQuery({ queryKey: queryKeys.headlines.preview(id), queryFn: () => api.get<HeadlineDraftPreview>(HEADLINES_API.staffPreview(id)), retry: false });
