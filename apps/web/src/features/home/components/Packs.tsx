import { useDeferredValue } from 'react';
import { usePack } from '../api/packs';
import { BelowFold } from './BelowFold';
import { PosterRow } from './Blocks';

/** One layout pack: asked for through the batching queue; the space it will take is kept while it loads. */
function Pack({ id }: { id: number }) {
  const pack = usePack(id);
  // The packs arrive together after the merge window: render them as a transition, in slices.
  const data = useDeferredValue(pack.data);
  if (pack.isPending || (pack.data && !data)) {
    return (
      <div aria-hidden="true" className="h-[25rem] animate-pulse rounded-2xl bg-ink-900/60 ring-1 ring-ink-800 sm:h-[27rem]" data-testid="pack-loading" />
    );
  }
  // An expired or withdrawn pack, or a failed batch, leaves no hole in the page.
  if (!data || data.skus.length === 0) return null;
  return (
    <BelowFold minHeight="25rem" deferred={false}>
      <PosterRow content={data} testId="pack" />
    </BelowFold>
  );
}

export function Packs({ ids }: { ids: number[] }) {
  if (ids.length === 0) return null;
  return (
    <div className="space-y-10" data-testid="packs">
      {ids.map((id) => (
        <Pack key={id} id={id} />
      ))}
    </div>
  );
}
