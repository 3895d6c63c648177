/**
 * Accounts: sign-up and sessions, the own account, public users, addresses, points and wallet.
 * The one entry other modules import; everything else in this folder is its own business.
 */
import type { ServerModule } from '../../platform/module.ts';
import { accountRoutes } from './routes.ts';
import { accountStaffRoutes } from './staff-routes.ts';
import * as tables from './tables.ts';

export const accountsModule: ServerModule = { name: 'accounts', routes: accountRoutes, staffRoutes: accountStaffRoutes, tables, features: ['accounts'] };

export { authenticate } from './sessions.ts';
export { findAccount, findAccounts, type Account } from './lookup.ts';
export { signInVouchedAccount } from './sign-in.ts';
export { defaultAddressOf, listAddresses } from './addresses.ts';
export { awardScore } from './points.ts';
export { provideRewardAnnouncer, type GrantedReward, type RewardAnnouncer } from './rewards.ts';
export { changeScores, scoreOf, scoresOf, spendScore, type ScoreChange } from './point-spending.ts';
export { walletOf, debitWalletForOrder, walletDebitCtes, walletDebitsCtes, walletRefusal, creditWallet, creditWallets, type WalletView, type DebitResult, type WalletDebit } from './wallet.ts';
export { loadMeRow } from './presenter.ts';
export { provideBadge, provideNotiBadges, type AccountBadges, type BadgeName, type BadgeSource, type NotiBadges } from './badges.ts';
export { moderatedGroupsOf, provideModeratedGroups, type ModeratedGroupsSource } from './moderated-groups.ts';
export { platformsOf, providePlatforms, type PlatformBinding, type PlatformSource } from './platforms.ts';
export { purchaseBannedSql } from './purchase-ban.ts';
export { countAttempts, reserveAttempt } from './attempts.ts';
export { setMutedUntil } from './mute.ts';
export { provideProfileTextScreen, type ProfileText, type ProfileTextScreen } from './profile-text.ts';
export { backgroundUrlOf, setBackgroundUrl } from './background.ts';
export { batchedPublicAccountsByNicknames, publicAccountJsonSql, publicAccountsByIds, publicAccountsByNicknames, type PublicAccount } from './public-lookup.ts';
export { accountSummaries, accountsByNicknamePrefix, type AccountSummary } from './summaries.ts';
export { steamSharingOf, type SteamSharing } from './steam-sharing.ts';
export { profilePreview } from './profile-preview.ts';
export { provideSignUpStep, provideMilestoneListener, type NewAccount, type SignUpStep, type AccountMilestone, type MilestoneListener } from './sign-up-steps.ts';
export {
  normalizeAppealContact, findAppealedAccount, appealPasswordMatches, contactsOfAccount, consumeAppealContactCode, consumeNewContactCode,
  appealNewPasswordProblem, isContactTaken, resetPasswordByAppeal, resetContactByAppeal, recoveryHoldOf, assertNoRecoveryHold,
  type AppealChannel, type AppealedAccount,
} from './appeal-support.ts';
