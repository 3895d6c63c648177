import { z } from 'zod';
import { area, timestamp } from './common.ts';

/**
 * Uploads (docs/product/engagement.md#uploads): an upload token (docs/product/README.md "Upload token") from one of the
 * three token calls, then a form POST of the image to the storage host (`host`), which answers the URLs.
 */

/** What an upload is for: it names the folder (`dir`) the policy allows. */
export const UPLOAD_PURPOSES = ['post', 'review', 'comment', 'feedback', 'avatar', 'background'] as const;
export const uploadPurpose = z.enum(UPLOAD_PURPOSES);

/** GET /api/cloud_storages/new, /api/cloud_storage, /api/cloud_storage/new?for=review */
export const uploadTokenQuery = z.object({ for: uploadPurpose.default('post') });

export const uploadToken = z.object({
  /** Where the form is posted: the storage host's upload endpoint. */
  host: z.string(),
  /** The folder the policy allows keys under (`u/{account_id}/{for}/`). */
  dir: z.string(),
  /** Base64 JSON naming what the store answers after storing (it records the upload itself, in the same request). */
  callback: z.string(),
  /** Which key signed the policy. */
  accessid: z.string(),
  /** Base64 JSON: expiration, account, dir, bucket, area, size range. */
  policy: z.string(),
  /** HMAC-SHA256 of `policy`, base64url. */
  signature: z.string(),
  account_id: z.number().int(),
  /** When the policy expires, in seconds. */
  timestamp,
  /** No temporary cloud credential is handed out (the store checks the signed policy); kept for the original's shape. */
  security_token: z.string().nullable(),
  bucket_name: z.string(),
});
export type UploadToken = z.infer<typeof uploadToken>;

export const uploadedSize = z.object({
  name: z.enum(['original', 'large', 'thumb']),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
});

/** POST /uploads: the stored image, its sizes, and the URL the editor inserts (`url`, the capped original). */
export const uploadResult = z.object({
  id: z.number().int(),
  key: z.string(),
  url: z.string(),
  mime: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  watermarked: z.boolean(),
  area,
  sizes: z.array(uploadedSize),
  created_at_timestamp: timestamp,
});
export type UploadResult = z.infer<typeof uploadResult>;

export { UPLOADS_API } from './paths/uploads.ts';
