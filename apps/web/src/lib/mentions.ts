import { COMMUNITY_API, type prefixSearchResponse } from '@lantern/contract';
import type { z } from 'zod';
import { api } from './api';

export type MentionUsers = z.infer<typeof prefixSearchResponse>['users'];

/** GET /api/prefix_search: @mention suggestions for a nickname prefix (the editor's and the comment box's mention lists ask as you type). */
export const searchMentions = async (prefix: string): Promise<MentionUsers> =>
  prefix.trim() === '' ? [] : (await api.get<z.infer<typeof prefixSearchResponse>>(COMMUNITY_API.prefixSearch, { query: { prefix } })).users;
