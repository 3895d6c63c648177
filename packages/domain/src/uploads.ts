import { IMAGE_MAX_BYTES } from './constants.ts';

/**
 * Uploaded images (docs/product/engagement.md#uploads): what is accepted, the sizes made of it, when the
 * watermark is drawn, and how a failed upload reads to the user. Server and web both use these.
 */

/** Image kinds accepted, judged by the file's content (never its name or the browser's type). SVG is refused: it can carry script. */
export const UPLOAD_IMAGE_MIMES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type UploadImageMime = (typeof UPLOAD_IMAGE_MIMES)[number];

export const isUploadImageMime = (mime: string): mime is UploadImageMime => (UPLOAD_IMAGE_MIMES as readonly string[]).includes(mime);

/** The file extension an accepted kind is stored under. */
export const UPLOAD_IMAGE_EXTENSIONS: Record<UploadImageMime, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/**
 * The sizes made of every upload: the longest side capped at this many pixels (never enlarged). `original`
 * is what the editor inserts; `large` suits a post column; `thumb` lists and previews.
 */
export const UPLOAD_IMAGE_SIZES = { original: 2048, large: 1024, thumb: 320 } as const;
export type UploadSizeName = keyof typeof UPLOAD_IMAGE_SIZES;
export const UPLOAD_SIZE_NAMES = Object.keys(UPLOAD_IMAGE_SIZES) as UploadSizeName[];

/** Pixels an image may decode to (width × height): a small file that unpacks to a huge canvas is refused. */
export const UPLOAD_MAX_PIXELS = 40_000_000;

/** How long an upload token's policy may be used after it is issued. */
export const UPLOAD_POLICY_TTL_SECONDS = 15 * 60;

/** Uploads one account may make per hour, across instances. */
export const UPLOADS_PER_ACCOUNT_PER_HOUR = 60;

/** A file's bytes are within the image limit (4 MB; docs/product/limits.md). */
export const isUploadSizeAllowed = (bytes: number) => bytes > 0 && bytes <= IMAGE_MAX_BYTES;

/**
 * The watermark is drawn only when the account's `water_mark` setting is open and the account's region is
 * `cn` (docs/product/engagement.md#watermark): whichever site the upload is made on, and not for a mainland
 * account of another region (hk).
 */
export const watermarkApplies = (waterMarkOpen: boolean, accountRegion: string) => waterMarkOpen && watermarkOffered(accountRegion);

/** Whether an account of this region is offered the watermark setting at all (the same rule: region cn). */
export const watermarkOffered = (accountRegion: string) => accountRegion === 'cn';

/** The watermark's text: the store's name and the uploader's nickname. */
export const watermarkText = (nickname: string) => `灯笼 @${nickname}`;

/**
 * The watermark in Latin letters, for a server without a CJK font (the Chinese text would draw as empty
 * boxes): the store's Latin name with the nickname when it is plain ASCII, else with the account's number.
 */
export const watermarkLatinText = (nickname: string, accountId: number) =>
  /^[\x20-\x7e]+$/.test(nickname) ? `Lantern @${nickname}` : `Lantern #${accountId}`;

/** Whether a text needs more than Latin fonts to draw (any character past Latin Extended). */
export const needsCjkFont = (text: string) => /[^\u0000-\u024f]/.test(text);

/**
 * What a failed upload tells the user (docs/product/errors.md), by the reason the store answered when it gave one, else
 * by the status: 400 format error, 401 invalid upload credential, 403 file format error, 413 over 4 MB, 614
 * target exists, 579 network error, anything else upload failed. `null`: say nothing (614 is silent).
 */
export type UploadFailure = 'format_invalid' | 'credential_invalid' | 'credential_expired' | 'too_large' | 'rate_limit' | 'network_error' | 'upload_failed';

export function uploadFailure(status: number, reason?: string | null): UploadFailure | null {
  if (reason === 'expired') return 'credential_expired';
  if (reason === 'signature_invalid' || reason === 'unauthorized') return 'credential_invalid';
  if (reason === 'rate_limit') return 'rate_limit';
  if (reason === 'too_large') return 'too_large';
  if (reason === 'format_invalid') return 'format_invalid';
  switch (status) {
    case 400:
    case 403:
      return 'format_invalid';
    case 401:
      return 'credential_invalid';
    case 413:
      return 'too_large';
    case 429:
      return 'rate_limit';
    case 614:
      return null;
    case 0:
    case 579:
      return 'network_error';
    default:
      return 'upload_failed';
  }
}

/**
 * Guest uploads (docs/product/engagement.md#guest-uploads): someone who lost the account uploads an appeal's
 * attachments without a session, so the allowance is tighter than an account's. A guest policy belongs to one
 * signed appeal form; it takes photographs and screenshots only (PNG, JPEG, WebP; no GIF), at most 3 MB each (a phone's
 * screenshot or photo of an ID fits), and so many per form, per address and per site an hour. What no filed
 * appeal references is removed a day after it was uploaded.
 */
export const GUEST_UPLOAD_MIMES = ['image/png', 'image/jpeg', 'image/webp'] as const satisfies readonly UploadImageMime[];
export const GUEST_UPLOAD_MAX_BYTES = 3 * 1024 * 1024;
/** Twice an appeal's attachments: room to replace a wrong picture, not to store an album. */
export const GUEST_UPLOADS_PER_FORM = 10;
export const GUEST_UPLOADS_PER_IP_PER_HOUR = 20;
/** Every guest on one site together: bounds what a crowd of addresses can store in an hour. */
export const GUEST_UPLOADS_PER_SITE_PER_HOUR = 600;
export const GUEST_UPLOAD_KEEP_HOURS = 24;

export const isGuestUploadMime = (mime: string) => (GUEST_UPLOAD_MIMES as readonly string[]).includes(mime);
export const isGuestUploadSizeAllowed = (bytes: number) => bytes > 0 && bytes <= GUEST_UPLOAD_MAX_BYTES;

/** Whether an unreferenced guest upload made at `createdAtMs` is due for removal at `nowMs`. */
export const isGuestUploadStale = (createdAtMs: number, nowMs: number) => nowMs - createdAtMs >= GUEST_UPLOAD_KEEP_HOURS * 3_600_000;
