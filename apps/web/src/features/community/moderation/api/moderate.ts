import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COMMUNITY_API, MODERATION_API } from '@lantern/contract';
import { PINNED_STICKY_SEQUENCE, type ModerationAction } from '@lantern/domain';
import { api } from '../../../../lib/api';
import { queryKeys } from '../../../../lib/query-keys';

/** What the menu acts on: a post or review (`post`), a comment or reply (`comment`), a talk (`talk`). */
export interface ModerationTarget {
  type: 'post' | 'comment' | 'talk';
  id: number;
  /** The post's group: pin, lock and the official reply go through the group's call. */
  groupId?: number;
  authorId: number | null;
}

export interface ModerationInput {
  action: ModerationAction;
  /** The official reply's text (HTML paragraphs); null takes it away. */
  officialReply?: string | null;
  mute?: { days: number; reason: string };
}

/** One call per action, each the API's own (docs/product/community.md#moderation-on-the-web). */
function call(target: ModerationTarget, input: ModerationInput): Promise<unknown> {
  const arrange = (post: Record<string, unknown>) => api.patch(COMMUNITY_API.groupPost(target.groupId!, target.id), { post });
  switch (input.action) {
    case 'pin': return arrange({ sticky_sequence: PINNED_STICKY_SEQUENCE });
    case 'unpin': return arrange({ sticky_sequence: 0 });
    case 'lock': return arrange({ locked: true });
    case 'unlock': return arrange({ locked: false });
    case 'official_reply': return arrange({ official_comment: input.officialReply ?? null });
    case 'hide': return api.post(MODERATION_API.adminHideContent(target.type, target.id));
    case 'delete': return api.post(MODERATION_API.adminDeleteContent(target.type, target.id));
    case 'unhide': return api.post(MODERATION_API.adminUnhide(target.type, target.id));
    case 'mute_author': return api.post(MODERATION_API.adminMute(target.authorId!), { mute: input.mute });
  }
}

/**
 * A moderation action on one item. What it changes shows on the community's pages, the talks and the
 * discussion, and in the report queue (a hide upholds the item's reports), so those are read again.
 */
export function useModerate(target: ModerationTarget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ModerationInput) => call(target, input),
    onSuccess: () => {
      for (const key of [queryKeys.community.all, queryKeys.discussion.all, queryKeys.talks.all, queryKeys.moderation.all]) void client.invalidateQueries({ queryKey: key });
    },
  });
}
