import type { Area } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';

/** An account's public profile text: what every reader of its pages, posts and messages sees beside it. */
export interface ProfileText {
  nickname?: string;
  introduction?: string;
}

/**
 * What public profile text passes before it is stored (docs/product/accounts.md#profile-text): the writer's
 * mute and warn ban, and the site's watched words. Moderation provides it from its `setup` (it sits above this
 * module, which cannot import it). Answers the texts to store (an introduction's censor words masked), or throws
 * the refusal (403 `is_mute` / `banned`, 422 `censor_words: banned`). `accountId` is null at sign-up.
 */
export type ProfileTextScreen = (deps: Deps, accountId: number | null, area: Area, text: ProfileText) => Promise<ProfileText>;

// Fails closed: a server wired without moderation cannot take public profile text it cannot screen.
let screen: ProfileTextScreen = async () => {
  throw new Error('No profile text screen is provided: the moderation module must be set up before accounts take profile text.');
};

export function provideProfileTextScreen(next: ProfileTextScreen): void {
  screen = next;
}

/**
 * Screens the public profile text an edit changes. Only what differs from the stored text is asked about, so a
 * muted account's form that sends its unchanged nickname along with a new birthday still saves the birthday.
 */
export async function screenProfileChange(deps: Deps, accountId: number | null, area: Area, stored: ProfileText, next: ProfileText): Promise<ProfileText> {
  const changed: ProfileText = {
    ...(next.nickname !== undefined && next.nickname !== stored.nickname && { nickname: next.nickname }),
    ...(next.introduction !== undefined && next.introduction !== stored.introduction && { introduction: next.introduction }),
  };
  if (changed.nickname === undefined && changed.introduction === undefined) return next;
  return { ...next, ...(await screen(deps, accountId, area, changed)) };
}
