import type { ReactNode } from 'react';
import { Deferred } from '../../../ui/Deferred';
import { SkippedOffscreen } from '../../../ui/SkippedOffscreen';

/**
 * A block below the fold of the store home. Its React tree is rendered just after the first paint (see
 * ui/Deferred, which keeps its height meanwhile); and while it is off screen the browser neither lays it out
 * nor paints it (ui/SkippedOffscreen), so its covers are neither fetched nor drawn until it comes near the
 * viewport.
 */
export function BelowFold({ children, minHeight, order, deferred = true }: { children: ReactNode; minHeight: string; order?: number; deferred?: boolean }) {
  return (
    <SkippedOffscreen estimate={minHeight}>
      {deferred ? (
        <Deferred minHeight={minHeight} order={order}>
          {children}
        </Deferred>
      ) : (
        children
      )}
    </SkippedOffscreen>
  );
}
