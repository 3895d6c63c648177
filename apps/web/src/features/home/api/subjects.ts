import { COMMUNITY_API, type subjectsResponse } from '@lantern/contract';
import { PAGE_SIZES } from '@lantern/domain';
import type { z } from 'zod';
import { queryKeys } from '../../../lib/query-keys';
import { pageQuery } from '../../../lib/listQueries';

export type Subjects = z.infer<typeof subjectsResponse>;
export type SubjectKind = 'sticky' | 'featured' | 'newest';

/** GET /api/subjects (kind sticky by default): the community subjects tab of /home?type=subject. */
export const subjectsQuery = (kind: SubjectKind, page: number) =>
  pageQuery<Subjects>(queryKeys.community.subjects(kind, page), COMMUNITY_API.subjects, { kind, page, per: PAGE_SIZES.posts }, { auth: 'optional' });
