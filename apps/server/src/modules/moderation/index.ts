/**
 * Moderation (docs/product/community.md#moderation): the guard every community write calls (mutes, warn
 * bans, rate limits by account age and standing), watched words, reports and the staff queue. Above
 * accounts (the mute is the account's own `muted_until`, set through its service), below every module that
 * writes community content: they call `assertMayWrite` and `screenText`, and register what reports and the
 * approval queue act on with `registerModeratedContent` in their `setup` (decisions/0013, decisions/0020).
 */
import type { ServerModule } from '../../platform/module.ts';
import { moderationRoutes } from './routes.ts';
import { moderationStaffRoutes } from './staff-routes.ts';
import * as tables from './tables.ts';

export const moderationModule: ServerModule = { name: 'moderation', routes: moderationRoutes, staffRoutes: moderationStaffRoutes, tables };

export { assertMayWrite, assertNotBarred } from './guard.ts';
export { screenText, WORDS_REFRESH_SECONDS } from './words.ts';
export { registerModeratedContent, registerReportTarget, type ModeratedContent, type ReportTarget, type PendingItem } from './targets.ts';
export { fileSystemReport } from './reports.ts';
export { muteAccount, unmuteAccount } from './mutes.ts';
export { STANDING_CACHE_SECONDS } from './standing-cache.ts';
export { createReport } from './reports.ts';
export type { CommunityAction } from '@lantern/domain';
