import { Deferred } from '../../../ui/Deferred';
import { EpicReviews } from './EpicReviews';
import { GameVote } from './GameVote';
import { SteamReviews } from './SteamReviews';

/** What other platforms' players say about the game, and the community vote: one place on the game page. */
export function GameReviews({ skuId }: { skuId: number }) {
  return (
    <Deferred minHeight="12rem" order={2}>
      <div className="space-y-10">
        <GameVote skuId={skuId} />
        <SteamReviews skuId={skuId} />
        <EpicReviews skuId={skuId} />
      </div>
    </Deferred>
  );
}
