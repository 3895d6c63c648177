/**
 * Uploads (docs/product/engagement.md#uploads, decisions/0014): upload tokens, the storage host's form
 * endpoint, image processing with sharp (sizes, metadata stripped, the watermark) and the stored files.
 * Above accounts (the owner's nickname and water_mark setting). Community calls `findUploads` so rich text
 * shows only its author's own uploads. Appeals issue guests' upload tokens for their forms and keep what a filed
 * appeal references; the rest is swept a day later.
 */
import type { ServerModule } from '../../platform/module.ts';
import { uploadRoutes } from './routes.ts';
import * as tables from './tables.ts';
import { guestUploadSweepJob } from './uploads.ts';

export const uploadsModule: ServerModule = { name: 'uploads', routes: uploadRoutes, tables, jobs: [guestUploadSweepJob] };

export { findGuestUploads, findUploads, isStoreUploadUrl, keepGuestUploads, storeImageFor, sweepGuestUploads, uploadedImages, type UploadedImage } from './uploads.ts';
export { issueGuestUploadToken } from './policy.ts';
export { registerUploadUse, type UploadUseCheck } from './uses.ts';
