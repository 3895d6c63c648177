import { createContext, useContext, type ReactNode } from 'react';
import type { Comment } from '@lantern/contract';

/**
 * What the host page adds to each comment's and reply's head (the moderation menu, for those who may use it).
 * The thread knows nothing of it: the page that owns the discussion provides it, so discussion imports no
 * other part of the community.
 */
export type CommentTools = (comment: Comment) => ReactNode;

const CommentToolsContext = createContext<CommentTools | null>(null);

export const CommentToolsProvider = CommentToolsContext.Provider;

export function useCommentTools(): CommentTools | null {
  return useContext(CommentToolsContext);
}
