import { z } from 'zod';
import {
  FEEDBACK_CONTACT_MAX, FEEDBACK_CONTENT_MAX, FEEDBACK_KINDS, FEEDBACK_MAX_IMAGES, FEEDBACK_STATUSES, NOTICE_CONTENT_MAX,
  NOTICE_KINDS, NOTICE_TITLE_MAX, NOTICES_PER_PAGE, VERSION_INFOS_PER_PAGE, VERSION_RELEASE_KINDS, VERSION_STATUSES,
} from '@lantern/domain';
import { area, listMeta, pagingQuery, timestamp } from './common.ts';
import { localized } from './catalog.ts';

/**
 * Notices, version progress and feedback (docs/product/notices.md). Texts staff write come in both languages
 * (`chs`, `en`); the web shows the reader's language.
 */
const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const at = timestamp.min(0).max(32_503_680_000);
const text = (max: number) => z.string().trim().min(1).max(max);
const bilingual = (max: number) => z.object({ chs: text(max), en: text(max) });

export const noticeKind = z.enum(NOTICE_KINDS);

/** A notice as the list shows it: no body. */
export const noticeSummary = z.object({
  id: z.number().int(),
  kind: noticeKind,
  title: localized,
  summary: localized,
  pinned: z.boolean(),
  published_at_timestamp: timestamp,
});
export type NoticeSummary = z.infer<typeof noticeSummary>;

/** GET /api/notices/{id}: the whole notice; `content` is plain text whose blank lines separate paragraphs. */
export const notice = noticeSummary.extend({ content: localized });
export type Notice = z.infer<typeof notice>;

export const noticesQuery = pagingQuery(NOTICES_PER_PAGE, 50).extend({ q: z.object({ kind_eq: noticeKind.optional() }).optional() });
export const noticesResponse = z.object({ notices: z.array(noticeSummary), meta: listMeta });
export type NoticesResponse = z.infer<typeof noticesResponse>;

/** Staff: a notice for one site, published at `published_at_timestamp` (now when left out). */
export const createNoticeRequest = z.object({
  notice: z.object({
    area,
    kind: noticeKind.default('announcement'),
    title: bilingual(NOTICE_TITLE_MAX),
    content: bilingual(NOTICE_CONTENT_MAX),
    pinned: z.boolean().default(false),
    published_at_timestamp: at.optional(),
  }),
});
/** Staff: any field again; `withdrawn: true` takes it off the site (its page answers 404). */
export const updateNoticeRequest = z.object({
  notice: z.object({
    kind: noticeKind.optional(),
    title: bilingual(NOTICE_TITLE_MAX).optional(),
    content: bilingual(NOTICE_CONTENT_MAX).optional(),
    pinned: z.boolean().optional(),
    published_at_timestamp: at.optional(),
    withdrawn: z.boolean().optional(),
  }),
});
/** What staff see of a notice: the reader's view plus its site and whether it is withdrawn. */
export const staffNotice = notice.extend({ area, withdrawn: z.boolean() });
export const staffNoticesQuery = pagingQuery(20, 100).extend({ q: z.object({ area_eq: area.optional() }).optional() });
export const staffNoticesResponse = z.object({ notices: z.array(staffNotice), meta: listMeta });

// ---------------------------------------------------------------------------------------------------------
// Versions

export const versionStatus = z.enum(VERSION_STATUSES);
export const versionReleaseKind = z.enum(VERSION_RELEASE_KINDS);

/** A version of the store on the version progress list. `progress` is 0..100 (0 planned, 100 released). */
export const versionInfo = z.object({
  id: z.number().int(),
  version: z.string(),
  title: localized,
  description: localized,
  status: versionStatus,
  progress: z.number().int(),
  /** When it is planned to ship (planned and in-work versions), or null. */
  planned_at_timestamp: timestamp.nullable(),
  /** When it shipped, or null until released. */
  released_at_timestamp: timestamp.nullable(),
  /** How many release notes of each kind it has. */
  release_counts: z.object({ feature: z.number().int(), improvement: z.number().int(), fix: z.number().int() }),
});
export type VersionInfo = z.infer<typeof versionInfo>;

export const versionInfosQuery = pagingQuery(VERSION_INFOS_PER_PAGE, 50).extend({ q: z.object({ status_eq: versionStatus.optional() }).optional() });
export const versionInfosResponse = z.object({ version_infos: z.array(versionInfo), meta: listMeta });
export type VersionInfosResponse = z.infer<typeof versionInfosResponse>;

export const versionRelease = z.object({
  id: z.number().int(),
  version_info_id: z.number().int(),
  kind: versionReleaseKind,
  content: localized,
  position: z.number().int(),
});
export type VersionRelease = z.infer<typeof versionRelease>;

/** GET /api/version_releases: one version's notes (the newest released one when none is named). */
export const versionReleasesQuery = z.object({ version_info_id: id.optional(), q: z.object({ version_info_id_eq: id.optional() }).optional() });
/** The notes grouped by kind: features, then improvements, then fixes; kinds without notes left out. */
export const versionReleasesResponse = z.object({
  version_info: versionInfo.nullable(),
  version_releases: z.array(z.object({ kind: versionReleaseKind, items: z.array(versionRelease) })),
});
export type VersionReleasesResponse = z.infer<typeof versionReleasesResponse>;

export const createVersionInfoRequest = z.object({
  version_info: z.object({
    version: z.string().trim().max(20),
    title: bilingual(120),
    description: bilingual(2_000),
    status: versionStatus.default('planned'),
    progress: z.number().int().min(0).max(100).default(0),
    planned_at_timestamp: at.nullable().optional(),
    released_at_timestamp: at.nullable().optional(),
  }),
});
export const updateVersionInfoRequest = z.object({
  version_info: createVersionInfoRequest.shape.version_info.partial().extend({
    status: versionStatus.optional(),
    progress: z.number().int().min(0).max(100).optional(),
  }),
});
export const createVersionReleaseRequest = z.object({
  version_release: z.object({ version_info_id: id, kind: versionReleaseKind, content: bilingual(500), position: z.number().int().min(0).max(10_000).default(0) }),
});

// ---------------------------------------------------------------------------------------------------------
// Feedback

export const feedbackKind = z.enum(FEEDBACK_KINDS);
export const feedbackStatus = z.enum(FEEDBACK_STATUSES);

/** GET /api/feedbacks/new: what the form offers and allows, and how many the account may still send today. */
export const feedbackForm = z.object({
  kinds: z.array(feedbackKind),
  content_min: z.number().int(),
  content_max: z.number().int(),
  max_images: z.number().int(),
  contact_max: z.number().int(),
  remaining_today: z.number().int(),
});
export type FeedbackForm = z.infer<typeof feedbackForm>;

/** POST /api/feedbacks: `images` are URLs of the writer's own uploads (purpose `feedback`). */
export const createFeedbackRequest = z.object({
  feedback: z.object({
    kind: feedbackKind,
    content: z.string().max(FEEDBACK_CONTENT_MAX * 2),
    contact: z.string().trim().max(FEEDBACK_CONTACT_MAX).optional(),
    images: z.array(z.string().max(2_000)).max(FEEDBACK_MAX_IMAGES).default([]),
    /** The page the writer came from, so staff can see where it happened. */
    page_url: z.string().trim().max(500).optional(),
  }),
});
export type CreateFeedbackRequest = z.infer<typeof createFeedbackRequest>;

export const feedback = z.object({
  id: z.number().int(),
  kind: feedbackKind,
  content: z.string(),
  contact: z.string().nullable(),
  images: z.array(z.string()),
  page_url: z.string().nullable(),
  status: feedbackStatus,
  created_at_timestamp: timestamp,
});
export type Feedback = z.infer<typeof feedback>;

/** What staff see: the feedback, who sent it from which site, and their reply. */
export const staffFeedback = feedback.extend({ account_id: z.number().int(), area, staff_reply: z.string().nullable() });
export const staffFeedbacksQuery = pagingQuery(20, 100).extend({ q: z.object({ status_eq: feedbackStatus.optional(), area_eq: area.optional() }).optional() });
export const staffFeedbacksResponse = z.object({ feedbacks: z.array(staffFeedback), meta: listMeta });
export const updateFeedbackRequest = z.object({ feedback: z.object({ status: feedbackStatus.optional(), staff_reply: z.string().trim().max(2_000).optional() }) });

export { NOTICES_API } from './paths/notices.ts';
