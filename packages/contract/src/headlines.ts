import { z } from 'zod';
import {
  HEADLINE_CATEGORIES, HEADLINE_COMMENTS_PAGE_SIZE, HEADLINE_DRAFT_STATES, HEADLINE_ITEMS_MAX, HEADLINE_RADIO_HOSTS_MAX, HEADLINE_REPLIES_PAGE_SIZE,
  HEADLINE_SECTION_KINDS, HEADLINE_SUMMARY_MAX, HEADLINE_TITLE_MAX, HEADLINES_PAGE_SIZE, CONTENT_STATES,
} from '@lantern/domain';
import { area, listMeta, pagingQuery, someChange, timestamp } from './common.ts';
import { localized, skuSummary } from './catalog.ts';
import { comment, commentAuthor, discussionCounts } from './discussion.ts';

/**
 * Headlines, the store's news (docs/product/headlines.md; decisions/0022): sections, articles with their
 * comments, replies and likes (the community's discussion, target type `Headline`), editors' drafts and
 * staff publishing them.
 */
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const headlineCategory = z.enum(HEADLINE_CATEGORIES);
export const headlineSection = z.object({
  id: z.number().int(),
  name: localized,
  category: headlineCategory,
  parent_id: z.number().int().nullable(),
  kind: z.enum(HEADLINE_SECTION_KINDS),
});
export type HeadlineSection = z.infer<typeof headlineSection>;

/** A game an article shows, as the editor wrote it: the site and the SKU id there. */
export const headlineItem = z.object({ area, game_id: id });

/** A headline in a list: no body. */
export const headlineSummary = z.object({
  id: z.number().int(),
  section_id: z.number().int(),
  category: headlineCategory,
  title: z.string(),
  summary: z.string(),
  cover_url: z.string().nullable(),
  author: commentAuthor,
  likes_count: z.number().int(),
  comments_count: z.number().int(),
  published_at_timestamp: timestamp,
});
export type HeadlineSummary = z.infer<typeof headlineSummary>;

/**
 * GET /api/headlines/{id}: the article. `content` is sanitised HTML (the community's sanitiser); `games` are
 * its items of this site with live prices, in the editor's order (ones no longer on sale left out); `sku` the
 * game it is about, when it has one on this site. `like_type` is the reader's own like.
 */
export const headlineDetail = headlineSummary.extend({
  content: z.string(),
  section: headlineSection,
  games: z.array(skuSummary),
  sku: skuSummary.nullable(),
  radio: z.object({ accounts: z.array(commentAuthor), attachment: z.string().nullable() }).nullable(),
  like_type: discussionCounts.shape.like_type,
  moderation_state: z.enum(CONTENT_STATES),
});
export type HeadlineDetail = z.infer<typeof headlineDetail>;

/** GET /api/headlines (per 10): newest first, of one section (and its sub-sections) or category when asked. */
export const headlinesQuery = pagingQuery(HEADLINES_PAGE_SIZE, 50).extend({
  q: z.object({ section_id_eq: id.optional(), category_eq: headlineCategory.optional() }).optional(),
});
export const headlinesResponse = z.object({ headlines: z.array(headlineSummary), meta: listMeta });

/**
 * GET /api/headline_page (q): the headlines home — the sections as tabs, and the lead stories (the newest of
 * the `recommend` sections, else the newest with a cover) of the section asked for, or of the whole site.
 */
export const headlinePageQuery = z.object({ q: z.object({ section_id_eq: id.optional() }).optional() });
export const headlinePageResponse = z.object({
  sections: z.array(headlineSection),
  featured: z.array(headlineSummary),
});

/** GET /api/headlines/{id}/replies (page, per 15, q[s]): the article's comments, with the article's counts. */
export const headlineRepliesQuery = pagingQuery(HEADLINE_COMMENTS_PAGE_SIZE).extend({
  q: z.object({ s: z.string().max(40).optional() }).optional(),
});
export const headlineRepliesResponse = z.object({ replies: z.array(comment), commentable: discussionCounts, meta: listMeta });

/**
 * POST /api/replies: a comment on an article (`accessible_type: Headline`, its id), or a reply to a comment
 * (`accessible_type: Reply`, the comment's id; `target_reply_id` for answering one reply under it).
 */
export const replyTargetType = z.enum(['Headline', 'Reply']);
export const createReplyRequest = z.object({
  reply: z.object({
    accessible_type: replyTargetType,
    accessible_id: id,
    target_reply_id: id.nullish(),
    content: z.string().trim().min(1).max(8_000),
  }),
});
export type CreateReplyRequest = z.infer<typeof createReplyRequest>;
export const createReplyResponse = z.object({ reply: comment, commentable: discussionCounts });

/** GET /api/replies (q accessible_type_eq, accessible_id_eq, s; page; per 5): an article's comments or a comment's replies. */
export const repliesListQuery = pagingQuery(HEADLINE_REPLIES_PAGE_SIZE).extend({
  q: z.object({ accessible_type_eq: replyTargetType, accessible_id_eq: id, s: z.string().max(40).optional() }),
});
export const repliesListResponse = z.object({ replies: z.array(comment), meta: listMeta });

/** DELETE /api/replies/{id}: one's own comment (with its replies) or reply. */
export const deleteReplyResponse = z.object({ deleted_count: z.number().int(), commentary_id: z.number().int().nullable(), commentable: discussionCounts });

export const headlineDraftState = z.enum(HEADLINE_DRAFT_STATES);
export const headlineDraft = z.object({
  id: z.number().int(),
  area,
  section_id: z.number().int().nullable(),
  title: z.string(),
  summary: z.string(),
  content: z.string(),
  cover_url: z.string().nullable(),
  items: z.array(z.object({ area, game_id: z.number().int() })),
  sku_id: z.number().int().nullable(),
  /** Host account ids as saved, and those hosts as shown (a closed account is left out of `accounts`). */
  radio: z.object({ account_ids: z.array(z.number().int()), accounts: z.array(commentAuthor), attachment: z.string().nullable() }),
  status: headlineDraftState,
  /** Staff's reason when it was rejected. */
  reject_reason: z.string().nullable(),
  headline_id: z.number().int().nullable(),
  author: commentAuthor,
  updated_at_timestamp: timestamp,
  submitted_at_timestamp: timestamp.nullable(),
});
export type HeadlineDraft = z.infer<typeof headlineDraft>;

/** The fields of a draft an editor writes; `submit: true` sends it for approval. */
export const headlineDraftFields = z.object({
  section_id: id.nullish(),
  title: z.string().max(HEADLINE_TITLE_MAX * 2).optional(),
  summary: z.string().max(HEADLINE_SUMMARY_MAX * 2).optional(),
  content: z.string().max(200_000).optional(),
  cover_url: z.string().max(300).nullish(),
  items: z.array(headlineItem).max(HEADLINE_ITEMS_MAX * 2).optional(),
  sku_id: id.nullish(),
  radio: z.object({ account_ids: z.array(id).max(HEADLINE_RADIO_HOSTS_MAX * 2).default([]), attachment: z.string().max(300).nullish() }).optional(),
  submit: z.boolean().optional(),
});
export type HeadlineDraftFields = z.infer<typeof headlineDraftFields>;
export const headlineDraftRequest = z.object({ headline_draft: headlineDraftFields });
export const headlineDraftsQuery = pagingQuery(20).extend({ q: z.object({ status_eq: headlineDraftState.optional() }).optional() });
export const headlineDraftsResponse = z.object({ headline_drafts: z.array(headlineDraft), meta: listMeta });

/** Staff: publish a submitted draft, or send it back with a reason. */
export const rejectHeadlineDraftRequest = z.object({ reason: z.string().trim().min(1).max(500) });
export const publishHeadlineDraftResponse = z.object({ headline_draft: headlineDraft, headline: headlineSummary });

/** Staff: a new section, or a change to one (a sub-section's parent is a tab: sections are one level deep). */
export const headlineSectionFields = z.object({
  name: localized.extend({ chs: z.string().trim().min(1).max(40), en: z.string().trim().min(1).max(40) }),
  category: headlineCategory,
  parent_id: id.nullish(),
  kind: z.enum(HEADLINE_SECTION_KINDS).optional(),
  position: z.number().int().min(0).max(10_000).optional(),
});
export const headlineSectionRequest = z.object({ headline_section: headlineSectionFields });
export const updateHeadlineSectionRequest = z.object({ headline_section: someChange(headlineSectionFields.partial()) });

/**
 * GET /api/admin/headline_drafts/{id}/preview: a submitted draft and the article publishing it would make, as a
 * reader of this site would read it (`preview.id` is the draft's; no likes or comments yet).
 */
export const headlineDraftPreviewResponse = z.object({ headline_draft: headlineDraft, preview: headlineDetail });
export type HeadlineDraftPreview = z.infer<typeof headlineDraftPreviewResponse>;

export { HEADLINES_API } from './paths/headlines.ts';
