// The discussion API paths, apart from its schemas (discussion.ts re-exports them): see src/paths/README.md.

export const DISCUSSION_API = {
  comments: '/api/comments',
  comment: (id: number | string) => `/api/comments/${id}`,
  replies: (id: number | string) => `/api/comments/${id}/replies`,
  like: '/api/like',
  likes: '/api/likes',
  postLike: (id: number | string) => `/api/posts/${id}/like`,
  accountComments: (id: number | string) => `/api/accounts/${id}/comments`,
} as const;
