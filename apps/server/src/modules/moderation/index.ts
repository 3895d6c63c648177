/**
 * Moderation (docs/product/community.md#moderation): the guard every community write calls (mutes, warn
 * bans, rate limits by account age and standing), watched words, reports and the staff queue. Above
 * accounts (the mute is the account's own `muted_until`, set through its service; accounts' public profile
 * text is screened by what `setup` provides), below every module that writes community content: they call
 * `assertMayWrite` and `screenText` or `screenFor`, and register what reports and the approval queue act on with
 * `registerModeratedContent` in their `setup` (decisions/0013, decisions/0020, decisions/0031).
 */
import type { ServerModule } from '../../platform/module.ts';
import { moderationRoutes } from './routes.ts';
import { moderationStaffRoutes } from './staff-routes.ts';
import * as tables from './tables.ts';
import { provideProfileTextScreen } from '../accounts/index.ts';
import { screenProfileText } from './profile-text.ts';

export const moderationModule: ServerModule = {
  name: 'moderation',
  routes: moderationRoutes,
  staffRoutes: moderationStaffRoutes,
  tables,
  // Accounts sits below: its public profile text is screened by the mute and the words it is handed here.
  setup: () => provideProfileTextScreen(screenProfileText),
};

export { assertMayWrite, assertNotBarred } from './guard.ts';
export { screenFor, screenText, WORDS_REFRESH_SECONDS } from './words.ts';
export { registerModeratedContent, registerReportTarget, type ContentPlace, type ModeratedContent, type ReportTarget, type PendingItem } from './targets.ts';
export { fileSystemReport } from './reports.ts';
export { muteAccount, unmuteAccount } from './mutes.ts';
export { STANDING_CACHE_SECONDS } from './standing-cache.ts';
export { createReport } from './reports.ts';
export type { CommunityAction } from '@lantern/domain';
