import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PEOPLE_API, type BlockChangeAnswer, type BlockListAnswer } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { pageQuery } from '../../../lib/listQueries';

/** GET /blacklist/query/account/byid: the viewer's own block list, 20 a page (docs/product/people.md#block-list). */
export const blockListQuery = (accountId: number, page: number) =>
  pageQuery<BlockListAnswer>(queryKeys.people.blockList(page), PEOPLE_API.blockQuery, { account_id: accountId, page });

/** POST /blacklist/delete: takes someone off the list; what they wrote shows again. */
export function useUnblock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (blockAccountId: number) => api.post<BlockChangeAnswer>(PEOPLE_API.blockDelete, { blockAccountId }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.people.blockListAll });
      void client.invalidateQueries({ queryKey: queryKeys.talks.all });
      void client.invalidateQueries({ queryKey: queryKeys.community.all });
    },
  });
}
