import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { COMMUNITY_API, type subjectsResponse } from '@lantern/contract';
import { PAGE_SIZES } from '@lantern/domain';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type Subjects = z.infer<typeof subjectsResponse>;

/** GET /api/subjects (kind sticky): the subjects tab of /home?type=subject. */
export const useSubjects = (kind: 'sticky' | 'featured' | 'newest', page: number) =>
  useQuery({
    queryKey: queryKeys.community.subjects(kind, page),
    queryFn: () => api.get<Subjects>(COMMUNITY_API.subjects, { auth: 'optional', query: { kind, page, per: PAGE_SIZES.posts } }),
    placeholderData: keepPreviousData,
  });
