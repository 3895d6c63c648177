import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { TALKS_API, type TalkPageResponse, type TalkResponse, type TalksResponse } from '@lantern/contract';
import { api } from '../../../lib/api';
import { firstReadOr, hasFirstRead } from '../../../lib/firstRead';
import { queryKeys } from '../../../lib/query-keys';

export type TalksTab = 'following' | 'all' | 'recommend';

/**
 * A talks list (docs/product/people.md#talks): the feed and everyone's by keyset (`before_id`, appended as the
 * reader scrolls on), the recommended by page. Each page answers where the next begins, or null.
 */
export const talksQuery = (tab: TalksTab) =>
  infiniteQueryOptions({
    queryKey: queryKeys.talks.list(tab),
    initialPageParam: 0,
    queryFn: async ({ pageParam }): Promise<{ talks: TalksResponse['talks']; next: number | null }> => {
      if (tab === 'recommend') {
        const page = pageParam || 1;
        const r = await api.get<{ talks: TalksResponse['talks']; meta: { total_count: number; per: number } }>(TALKS_API.recommend, { query: { page }, auth: 'optional' });
        return { talks: r.talks, next: page * r.meta.per < r.meta.total_count ? page + 1 : null };
      }
      const query = { ...(tab === 'following' && { feed: 'following' }), ...(pageParam ? { before_id: pageParam } : {}) };
      const ask = () => api.get<TalksResponse>(TALKS_API.talks, { query, auth: tab === 'following' ? 'required' : 'optional' });
      // A guest's talks page comes with everyone's first page (the server's first screen, decisions/0045).
      const r = tab === 'all' && !pageParam ? await firstReadOr(TALKS_API.talks, ask) : await ask();
      return { talks: r.talks, next: r.meta.next_before_id };
    },
    getNextPageParam: (last) => last.next ?? undefined,
  });

/**
 * The router's prefetch of the talks page: a guest's page came with everyone's first page, which is then in the
 * cache before the page draws (once, with its list, over the server's first screen). A member's feed is not waited
 * for: its tab depends on the session, which is still being read.
 */
export function prefetchLandedTalks(client: QueryClient, tab: string | null): Promise<void> | undefined {
  if ((tab ?? 'all') !== 'all' || !hasFirstRead(TALKS_API.talks)) return;
  return client.prefetchInfiniteQuery(talksQuery('all'));
}

/** GET /api/talks/{id}: a talk, and whether the viewer blocked its author. */
export const talkQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.talks.detail(id),
    queryFn: () => api.get<TalkPageResponse>(TALKS_API.talk(id), { auth: 'optional' }),
    retry: false,
  });

/** POST /api/talks; the lists refetch so the new talk leads them. */
export function useCreateTalk() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => api.post<TalkResponse>(TALKS_API.talks, { talk: { content } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.talks.all }),
  });
}

/** POST /api/talks/{id}/forwards, with optional words. */
export function useForwardTalk() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: number; content: string }) => api.post<TalkResponse>(TALKS_API.forwards(id), { talk: { content } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.talks.all }),
  });
}

/** DELETE /api/talks/{id}: the author's own. */
export function useDeleteTalk() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(TALKS_API.talk(id)),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.talks.all }),
  });
}
