/**
 * Uploads (docs/product/engagement.md#uploads, decisions/0014): upload tokens, the storage host's form
 * endpoint, image processing with sharp (sizes, metadata stripped, the watermark) and the stored files.
 * Above accounts (the owner's nickname and water_mark setting). Community calls `findUploads` so rich text
 * shows only its author's own uploads.
 */
import type { ServerModule } from '../../platform/module.ts';
import { uploadRoutes } from './routes.ts';
import * as tables from './tables.ts';

export const uploadsModule: ServerModule = { name: 'uploads', routes: uploadRoutes, tables };

export { findUploads, isStoreUploadUrl, storeImageFor } from './uploads.ts';
export { registerUploadUse, type UploadUseCheck } from './uses.ts';
