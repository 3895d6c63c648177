// The notifications API paths, apart from its schemas (notifications.ts re-exports them): see src/paths/README.md.

/**
 * The notification centre (docs/product/messaging.md#notifications): the list, its counters and broadcasts,
 * marking read, and the account's notification settings.
 */
export const NOTIFICATIONS_API = {
  messages: '/api/messages',
  service: '/api/messages/service',
  settings: '/api/accounts_notifications',
  adminBroadcasts: '/api/admin/broadcasts',
} as const;
