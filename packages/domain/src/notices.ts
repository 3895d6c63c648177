/**
 * Notices, version progress and feedback (docs/product/notices.md): how notices are ordered, what a version's
 * state and progress may be, how release notes group by kind, and what a feedback may carry. Server and web
 * both use these.
 */

/** Notices per page of the notices list (the spec's "posts or messages" size). */
export const NOTICES_PER_PAGE = 10;
/** Versions per page of the version progress list. */
export const VERSION_INFOS_PER_PAGE = 10;

/** What a notice is about; the list shows it as a label. */
export const NOTICE_KINDS = ['announcement', 'maintenance', 'event', 'policy'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** Longest notice title and body staff may write (characters). */
export const NOTICE_TITLE_MAX = 120;
export const NOTICE_CONTENT_MAX = 20_000;

interface OrderedNotice {
  id: number;
  pinned: boolean;
  publishedAtSeconds: number;
}

/** Notices list order: pinned first, then newest published, then the higher id (a stable tie-break). */
export function compareNotices(a: OrderedNotice, b: OrderedNotice): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  if (a.publishedAtSeconds !== b.publishedAtSeconds) return b.publishedAtSeconds - a.publishedAtSeconds;
  return b.id - a.id;
}

/** A notice is readable once its publication time has come and while staff have not withdrawn it. */
export const isNoticeVisible = (publishedAtSeconds: number, withdrawn: boolean, nowSeconds: number) =>
  !withdrawn && publishedAtSeconds <= nowSeconds;

/** Where a version stands, in the order work moves through. */
export const VERSION_STATUSES = ['planned', 'developing', 'testing', 'released'] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];

/**
 * The progress a version shows, 0..100. A released version is always 100 and a planned one 0, whatever staff
 * typed; in between, staff's figure clamped to 1..99, so "developing" never reads as finished or not begun.
 */
export function versionProgress(status: VersionStatus, progress: number): number {
  if (status === 'released') return 100;
  if (status === 'planned') return 0;
  const whole = Number.isFinite(progress) ? Math.round(progress) : 0;
  return Math.min(99, Math.max(1, whole));
}

/** Version numbers are dotted digits, like 2.4 or 2.4.1. */
export const isVersionNumber = (version: string) => /^\d{1,4}(\.\d{1,4}){1,3}$/.test(version);

/** Kinds of release note, in the order the version progress list shows their groups. */
export const VERSION_RELEASE_KINDS = ['feature', 'improvement', 'fix'] as const;
export type VersionReleaseKind = (typeof VERSION_RELEASE_KINDS)[number];

/**
 * Release notes grouped by kind (`GET /api/version_releases`): one group per kind that has notes, in
 * VERSION_RELEASE_KINDS order; within a group by position, then id.
 */
export function groupReleasesByKind<T extends { kind: VersionReleaseKind; position: number; id: number }>(
  releases: readonly T[],
): { kind: VersionReleaseKind; items: T[] }[] {
  return VERSION_RELEASE_KINDS.map((kind) => ({
    kind,
    items: releases.filter((r) => r.kind === kind).sort((a, b) => a.position - b.position || a.id - b.id),
  })).filter((group) => group.items.length > 0);
}

/** What a feedback is about; the form offers these in this order. */
export const FEEDBACK_KINDS = ['bug', 'suggestion', 'order', 'account', 'other'] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];

/** A feedback's text: long enough to act on, short enough to read. */
export const FEEDBACK_CONTENT_MIN = 10;
export const FEEDBACK_CONTENT_MAX = 2_000;
/** Screenshots one feedback may carry (uploaded images of the `feedback` purpose). */
export const FEEDBACK_MAX_IMAGES = 4;
/** A way to reach the writer (e-mail, phone, QQ…), optional. */
export const FEEDBACK_CONTACT_MAX = 100;
/** Feedbacks one account may send in a day (the site's calendar day), so the inbox stays readable. */
export const FEEDBACKS_PER_DAY = 5;

/** Where a feedback stands in the staff inbox. */
export const FEEDBACK_STATUSES = ['open', 'replied', 'closed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** The reason a feedback's text is refused, or null when it may be sent (length counted after trimming). */
export function feedbackContentProblem(content: string): 'blank' | 'too_short' | 'too_long' | null {
  const length = [...content.trim()].length;
  if (length === 0) return 'blank';
  if (length < FEEDBACK_CONTENT_MIN) return 'too_short';
  if (length > FEEDBACK_CONTENT_MAX) return 'too_long';
  return null;
}
