import { MALL_INDEX_HEADLINE_CAP, PAGE_SIZES } from './constants.ts';
import type { Area } from './sites.ts';
import { roleCan, type Role } from './roles.ts';

/**
 * Headlines, the store's news (docs/product/headlines.md): sections, articles, editors' drafts and the
 * store home's headline block. Comments, replies and likes on an article are the community's
 * (docs/product/community.md#comments), with the headline page sizes of docs/product/limits.md#page-sizes.
 */

/** What a section carries (docs/product/headlines.md#sections). */
export const HEADLINE_CATEGORIES = ['news', 'article', 'video', 'radio', 'recommend'] as const;
export type HeadlineCategory = (typeof HEADLINE_CATEGORIES)[number];

/** How a section lists its articles: rows with a thumbnail, or a grid of large covers (video, radio). */
export const HEADLINE_SECTION_KINDS = ['list', 'gallery'] as const;
export type HeadlineSectionKind = (typeof HEADLINE_SECTION_KINDS)[number];

/** A draft's life (docs/product/headlines.md#drafts). */
export const HEADLINE_DRAFT_STATES = ['draft', 'submitted', 'published', 'rejected'] as const;
export type HeadlineDraftState = (typeof HEADLINE_DRAFT_STATES)[number];

export const HEADLINE_TITLE_MAX = 120;
export const HEADLINE_SUMMARY_MAX = 300;
/** Visible characters of an article's body. */
export const HEADLINE_CONTENT_MAX = 40_000;
/** Games an article may show with their prices. */
export const HEADLINE_ITEMS_MAX = 12;
/** Accounts a radio piece may name as its hosts. */
export const HEADLINE_RADIO_HOSTS_MAX = 10;

export const HEADLINES_PAGE_SIZE = PAGE_SIZES.headlines;
export const HEADLINE_COMMENTS_PAGE_SIZE = PAGE_SIZES.headline_comments;
export const HEADLINE_REPLIES_PAGE_SIZE = PAGE_SIZES.replies;
/** The store home shows at most this many headlines (Mall_Index_Headline). */
export const HOME_HEADLINES = MALL_INDEX_HEADLINE_CAP;

/** Who may write drafts: a role with `api_all_headline` (editors, staff, admins). */
export function mayEditHeadlines(role: Role): boolean {
  return roleCan(role, 'api_all_headline');
}

/** Who publishes and rejects submitted drafts: staff. */
export function mayPublishHeadlines(role: Role): boolean {
  return roleCan(role, 'api_staff');
}

/**
 * Whether a draft's author may still change it: while it is a draft, or after staff rejected it (the edit
 * makes it a draft again). A submitted draft waits for staff; a published one is the article now.
 */
export function isDraftEditable(state: HeadlineDraftState): boolean {
  return state === 'draft' || state === 'rejected';
}

/** A published draft stays as the article's record; any other the author may delete. */
export function isDraftDeletable(state: HeadlineDraftState): boolean {
  return state !== 'published';
}

/** What staff may do with a draft in this state: only a submitted one is published or rejected. */
export function isDraftReviewable(state: HeadlineDraftState): boolean {
  return state === 'submitted';
}

/** A game an article shows: its SKU on one site. */
export interface HeadlineItem {
  area: Area;
  game_id: number;
}

export interface HeadlineDraftFacts {
  title: string;
  /** The body's visible text (markup removed). */
  contentText: string;
  summary: string;
  sectionId: number | null;
  items: readonly HeadlineItem[];
  skuId: number | null;
  radioAccountIds: readonly number[];
}

type Problems = Record<string, string[]>;

/**
 * What is wrong with a draft's fields, by field and reason code (docs/product/headlines.md#drafts). `ready`
 * also asks what submitting needs (a title, a body, a section); a draft may be saved half written.
 */
export function headlineDraftProblems(facts: HeadlineDraftFacts, ready: boolean): Problems {
  const problems: Problems = {};
  const add = (field: string, reason: string) => (problems[field] ??= []).push(reason);
  if (facts.title.trim().length > HEADLINE_TITLE_MAX) add('title', 'too_long');
  if (facts.summary.trim().length > HEADLINE_SUMMARY_MAX) add('summary', 'too_long');
  if (facts.contentText.length > HEADLINE_CONTENT_MAX) add('content', 'too_long');
  if (facts.items.length > HEADLINE_ITEMS_MAX) add('items', 'out_limit');
  const keys = facts.items.map((i) => `${i.area}:${i.game_id}`);
  if (new Set(keys).size !== keys.length) add('items', 'duplicate');
  if (facts.radioAccountIds.length > HEADLINE_RADIO_HOSTS_MAX) add('radio', 'out_limit');
  if (ready) {
    if (facts.title.trim() === '') add('title', 'blank');
    if (facts.contentText.trim() === '') add('content', 'blank');
    if (facts.sectionId === null) add('section_id', 'blank');
  }
  return problems;
}

/** The games of an article one site shows: its items of that site, in the editor's order. */
export function itemsOfArea(items: readonly HeadlineItem[], area: Area): number[] {
  return [...new Set(items.filter((i) => i.area === area).map((i) => i.game_id))];
}

/** An article's summary: the editor's own, or the opening of its text. */
export function headlineSummaryOf(summary: string, contentText: string, length = 140): string {
  const own = summary.trim();
  if (own !== '') return own;
  const text = contentText.trim();
  return text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`;
}

/**
 * The order of an article's comments from the list's `q[s]` (docs/product/headlines.md#comments): oldest first
 * (a conversation reads down) unless the reader asks for the newest (`created_at desc` or `id desc`).
 */
export function headlineCommentOrder(s: string | undefined): 'oldest' | 'newest' {
  const wanted = (s ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  return wanted === 'created_at desc' || wanted === 'id desc' ? 'newest' : 'oldest';
}
