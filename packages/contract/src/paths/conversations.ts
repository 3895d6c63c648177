// The conversations API paths, apart from its schemas (conversations.ts re-exports them): see src/paths/README.md.

export const CONVERSATIONS_API = {
  conversations: '/api/conversations',
  conversation: (conversationId: number | string) => `/api/conversations/${conversationId}`,
  privateMessages: '/api/private_messages',
} as const;
