import type { Area } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { ProfileText } from '../accounts/index.ts';
import { assertNotBarred } from './guard.ts';
import { screenFor } from './words.ts';

/**
 * Moderation's word on a change of public profile text, provided to accounts (docs/product/accounts.md#profile-text):
 * a muted account is refused with 403 `is_mute`, a warn-banned one with 403 `banned` (not paced: nothing is
 * counted); then each text against the site's watched words as a reader sees it — a nickname refuses any word
 * but a flag, an introduction masks censor words and refuses the others (there is no approval queue for a
 * profile). `accountId` is null at sign-up, where there is no standing yet.
 */
export async function screenProfileText(deps: Deps, accountId: number | null, area: Area, text: ProfileText): Promise<ProfileText> {
  if (accountId !== null) await assertNotBarred(deps, accountId, 'profile_text');
  const screened: ProfileText = {};
  if (text.nickname !== undefined) screened.nickname = (await screenFor(deps, 'nickname', [text.nickname], area)).texts[0]!;
  if (text.introduction !== undefined) screened.introduction = (await screenFor(deps, 'introduction', [text.introduction], area)).texts[0]!;
  return screened;
}
