import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COMMUNITY_API, type draftResponse, type draftSaveResponse } from '@lantern/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type DraftAnswer = z.infer<typeof draftResponse>;
export type Draft = DraftAnswer['draft'];
export type DraftSaved = z.infer<typeof draftSaveResponse>;

export interface DraftEdit {
  title?: string;
  content?: string;
  is_long?: boolean;
  score?: number | null;
  recommend?: boolean | null;
  publish?: boolean;
}

/**
 * GET /api/posts/new (group, kind) or /api/posts/{id}/edit: the draft the editor opens. Not cached: the
 * editor is the only owner of its text while open. `account_id: taken` means a review exists already.
 */
export function useDraft(source: { groupId: number; type: 'Post' | 'Review'; isLong: boolean } | { editId: number }) {
  const key = 'editId' in source ? ['edit', source.editId] : ['new', source.groupId, source.type, source.isLong];
  return useQuery({
    queryKey: queryKeys.community.draft(key),
    queryFn: () => ('editId' in source
      ? api.get<DraftAnswer>(COMMUNITY_API.editPost(source.editId))
      : api.get<DraftAnswer>(COMMUNITY_API.newPost, { query: { group_id: source.groupId, type: source.type, is_long: String(source.isLong) } })),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** PATCH /api/drafts/{id}: save, or publish (then the community's lists are refreshed). */
export function useSaveDraft(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draft: DraftEdit) => api.patch<DraftSaved>(COMMUNITY_API.draft(id), { draft }),
    onSuccess: (saved) => {
      if (saved.post) void client.invalidateQueries({ queryKey: queryKeys.community.all });
    },
  });
}
