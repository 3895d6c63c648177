import type { ReactNode } from 'react';
import { Deferred } from '../../../ui/Deferred';

/**
 * A block below the fold of the store home. Its React tree is rendered just after the first paint (see
 * ui/Deferred, which keeps its height meanwhile); and while it is off screen the browser neither lays it out
 * nor paints it (`content-visibility: auto`), so its covers are neither fetched nor drawn until it comes
 * near the viewport. It stays in the DOM: find-in-page, tabbing and assistive technology reach it as
 * before. `contain-intrinsic-size: auto` keeps the height it last had, so scrolling never jumps.
 */
export function BelowFold({ children, minHeight, order, deferred = true }: { children: ReactNode; minHeight: string; order?: number; deferred?: boolean }) {
  return (
    <div style={{ contentVisibility: 'auto', containIntrinsicSize: `auto ${minHeight}` }}>
      {deferred ? (
        <Deferred minHeight={minHeight} order={order}>
          {children}
        </Deferred>
      ) : (
        children
      )}
    </div>
  );
}
