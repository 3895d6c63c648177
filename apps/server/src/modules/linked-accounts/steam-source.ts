import { steamDataShared } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import type { SteamWebApi } from '../../platform/linked-accounts/steam.ts';
import { steamSharingOf } from '../accounts/index.ts';
import { bindingOf } from './links.ts';

export interface SteamSource {
  /** The Web API to ask and the linked SteamID; null without a binding or a configured Web API. */
  steam: { api: SteamWebApi; steamId: string } | null;
  showId: string | null;
  profileUrl: string | null;
  showSteamReview: boolean;
  /** Whether this reader may see the account's Steam data (`steamDataShared`): otherwise it reads as hidden. */
  shared: boolean;
}

/**
 * Where an account's Steam data comes from, for one reader (docs/product/personal-pages.md#steam-data-shared):
 * the binding and what the owner said about sharing. A closed or unknown account is 404.
 */
export async function steamSourceOf(deps: Deps, accountId: number, viewerId: number | null): Promise<SteamSource> {
  const [sharing, binding] = await Promise.all([steamSharingOf(deps.db, accountId), bindingOf(deps.db, accountId, 'steam')]);
  if (!sharing) throw fail.notFound();
  const api = deps.linkedAccounts.steamWebApi;
  return {
    steam: binding && api ? { api, steamId: binding.externalId } : null,
    showId: binding?.showId ?? null,
    profileUrl: binding?.profile.profileUrl || null,
    showSteamReview: sharing.showSteamReview,
    shared: steamDataShared({ acknowledged: sharing.responsibilityAcknowledged, viewerIsOwner: viewerId === accountId }),
  };
}
