import { z } from 'zod';
import { CONVERSATIONS_PAGE_SIZE, PRIVATE_MESSAGE_KINDS, PRIVATE_MESSAGES_PAGE_SIZE } from '@lantern/domain';
import { timestamp } from './common.ts';
import { skuSummary } from './catalog.ts';

/** Private messages (docs/product/messaging.md#private-messages). */
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const conversationAccount = z.object({ id: z.number().int(), nickname: z.string(), avatar_url: z.string().nullable() });

/** One message: its author, words or a shared game (with the game's live price on the reader's site, or null there). */
export const privateMessage = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  account_id: z.number().int(),
  kind: z.enum(PRIVATE_MESSAGE_KINDS),
  content: z.string(),
  relation: z.object({ game: skuSummary.nullable() }),
  own: z.boolean(),
  created_at_timestamp: timestamp,
});
export type PrivateMessage = z.infer<typeof privateMessage>;

/** A conversation as the list shows it: the other account (null once it is closed), the unread count, the last message. */
export const conversation = z.object({
  id: z.number().int(),
  target: conversationAccount.nullable(),
  unread_count: z.number().int(),
  message: privateMessage.nullable(),
  updated_at_timestamp: timestamp,
});
export type Conversation = z.infer<typeof conversation>;

export const conversationsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per: z.coerce.number().int().min(1).max(50).default(CONVERSATIONS_PAGE_SIZE),
});
/** The list is finished when it brings fewer than `per` (conversationListFinished). */
export const conversationsResponse = z.object({
  conversations: z.array(conversation),
  meta: z.object({ page: z.number().int(), per: z.number().int() }),
});
export type ConversationsResponse = z.infer<typeof conversationsResponse>;

/** GET /api/conversations/{id}: the newest page of messages, older ones by `before_id` (the last id of the page before). */
export const conversationQuery = z.object({
  before_id: id.optional(),
  per: z.coerce.number().int().min(1).max(100).default(PRIVATE_MESSAGES_PAGE_SIZE),
});
export const conversationResponse = z.object({
  conversation: conversation.omit({ message: true }),
  /** Oldest first within the page, so the history reads top to bottom. */
  private_messages: z.array(privateMessage),
  meta: z.object({ per: z.number().int(), next_before_id: z.number().int().nullable() }),
});
export type ConversationResponse = z.infer<typeof conversationResponse>;

/**
 * POST /api/private_messages. A missing `target_id` is answered `target_id: closed` (the "target closed"
 * message), like a closed or unknown account; a shared game names its SKU.
 */
export const sendPrivateMessageRequest = z.object({
  target_id: id.nullish(),
  private_message: z.object({
    kind: z.enum(PRIVATE_MESSAGE_KINDS).default('text'),
    content: z.string().max(20_000).default(''),
    sku_id: id.nullish(),
  }),
});
export type SendPrivateMessageRequest = z.input<typeof sendPrivateMessageRequest>;
export const sendPrivateMessageResponse = z.object({ private_message: privateMessage, conversation_id: z.number().int() });
export type SendPrivateMessageResponse = z.infer<typeof sendPrivateMessageResponse>;

/** The data of a `private_message` live event: a message arrived or was sent from another tab, or a conversation was read or deleted. */
export const privateMessageLiveData = z.object({
  action: z.enum(['sent', 'read', 'deleted']),
  conversation_id: z.number().int(),
  private_message: privateMessage.omit({ own: true, relation: true }).extend({ sku_id: z.number().int().nullable() }).optional(),
});
export type PrivateMessageLiveData = z.infer<typeof privateMessageLiveData>;

export { CONVERSATIONS_API } from './paths/conversations.ts';
