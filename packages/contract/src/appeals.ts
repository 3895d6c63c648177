import { z } from 'zod';
import { timestamp } from './common.ts';
import { captchaFields, captchaResponse } from './captcha.ts';

/** docs/product/engagement.md#appeals */
export const appealState = z.enum(['filed', 'holding', 'resettable', 'completed', 'rejected', 'denied']);

/** GET /api/appeals/new: the form's signature (valid an hour, used once), a captcha and the limits. */
export const appealFormResponse = z.object({
  signature: z.string(),
  signature_expires_at_timestamp: timestamp,
  captcha: captchaResponse,
  max_attachments: z.number().int(),
  description_max: z.number().int(),
});
export type AppealFormResponse = z.infer<typeof appealFormResponse>;

const text = (max: number) => z.string().max(max);

/** POST /api/appeals. `message.number` is the code sent to `connect_email` (POST /api/message, purpose appeal). */
export const fileAppealRequest = z.object({
  appeal: z.object({
    signature: z.string().max(200),
    ...captchaFields,
    message: z.object({ number: z.string().max(16) }),
    connect_email: text(254),
    email: text(254).optional(),
    phone_number: text(32).optional(),
    city: text(100).optional(),
    password: text(128).optional(),
    game: text(100).optional(),
    attachments: z.array(z.string().max(1000)).max(50).default([]),
    description: text(4000),
  }),
});
export type FileAppealRequest = z.infer<typeof fileAppealRequest>;

/** An attached picture as a page shows it: a thumbnail that opens the full size (`url` is as filed). */
export const appealImage = z.object({
  url: z.string(),
  thumb_url: z.string(),
  full_url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type AppealImage = z.infer<typeof appealImage>;

/** An appeal as its contact sees it: never the evidence, never the account's contacts. */
export const appealView = z.object({
  id: z.number().int(),
  state: appealState,
  connect_email: z.string(),
  city: z.string().nullable(),
  game: z.string().nullable(),
  description: z.string(),
  attachments: z.array(z.string()),
  /** One appeal's detail (its contact's and staff's): each attachment's thumbnail and full size, in order. Lists leave it out. */
  attachment_images: z.array(appealImage).optional(),
  reject_reason: z.string().nullable(),
  created_at_timestamp: timestamp,
  accepted_at_timestamp: timestamp.nullable(),
  hold_ends_at_timestamp: timestamp.nullable(),
  completed_at_timestamp: timestamp.nullable(),
});
export type AppealView = z.infer<typeof appealView>;

/** POST /api/appeals' answer: the appeal and the tracking token that opens its list and detail (also e-mailed). */
export const fileAppealResponse = z.object({ appeal: appealView, tracking_token: z.string() });

/**
 * GET /api/appeals: with the `x-appeal-tracking` header (the tracking token) the contact's list, or with `id`
 * one appeal; or `connect_email` + `number` (a code sent to it, purpose appeal) answers the list and a new
 * tracking token (a contact who lost the link).
 */
export const appealsQuery = z.object({
  id: z.coerce.number().int().positive().optional(),
  connect_email: z.string().max(254).optional(),
  number: z.string().max(16).optional(),
});
export const appealsResponse = z.object({
  appeals: z.array(appealView),
  appeal: appealView.nullable(),
  tracking_token: z.string().nullable(),
});
export type AppealsResponse = z.infer<typeof appealsResponse>;

export const appealTokenParams = z.object({ token: z.string().min(1).max(100) });

/** PATCH /api/appeals/{token}/password */
export const appealPasswordRequest = z.object({
  appeal: z.object({ password: z.string().max(128), password_confirmation: z.string().max(128) }),
});
/** PATCH /api/appeals/{token}/account: a new e-mail or phone with the code sent to it (purpose bind). */
export const appealAccountRequest = z.object({
  appeal: z.object({ email: z.string().max(254).optional(), phone_number: z.string().max(32).optional(), code: z.string().max(16) }),
});
export const appealResetResponse = z.object({ reset: z.enum(['password', 'email', 'phone']), completed_at_timestamp: timestamp });

/** GET/POST /api/appeal_denials/{token}: an old contact's deny link. */
export const appealDenialResponse = z.object({ state: appealState, denied: z.boolean(), can_deny: z.boolean() });

/** Staff: the evidence the server computed when the appeal was filed (never shown to the appellant). */
export const appealEvidence = z.object({
  password_matches: z.boolean().nullable(),
  game_owned: z.boolean().nullable(),
  email_matches: z.boolean(),
  phone_matches: z.boolean(),
  city_given: z.boolean(),
  attachments: z.number().int(),
  score: z.number().int(),
});
export const staffAppeal = appealView.extend({
  account_id: z.number().int(),
  site: z.enum(['native', 'abroad']),
  known_email: z.string().nullable(),
  known_phone: z.string().nullable(),
  evidence: appealEvidence,
  reviewed_by: z.number().int().nullable(),
  denied_at_timestamp: timestamp.nullable(),
});
export const staffAppealsQuery = z.object({
  state: appealState.optional(),
  page: z.coerce.number().int().min(1).default(1),
  per: z.coerce.number().int().min(1).max(100).default(20),
});
export const staffAppealsResponse = z.object({ appeals: z.array(staffAppeal), meta: z.object({ total_count: z.number().int(), page: z.number().int(), per: z.number().int() }) });
export const staffAppealDecision = z.object({ decision: z.enum(['accept', 'reject']), reason: z.string().trim().min(1).max(500).optional() });

export { APPEALS_API } from './paths/appeals.ts';

/** POST /api/appeals/upload_token: the form's signature buys an upload token for its attachments. */
export const appealUploadTokenRequest = z.object({ signature: z.string().min(1).max(200) });
