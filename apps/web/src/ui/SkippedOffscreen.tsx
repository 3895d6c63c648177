import type { ReactNode } from 'react';

/**
 * A block the browser neither lays out nor paints while it is far from the viewport (`content-visibility: auto`):
 * a long page's first frame then costs what its first screen costs, not the whole page (its covers are neither
 * fetched nor drawn either). The block stays in the DOM, so find-in-page, tabbing and assistive technology reach
 * it as before. `estimate` is the height it is given until it was first drawn; after that the browser keeps the
 * height it last had (`contain-intrinsic-size: auto`), so scrolling never jumps. Its box clips what overflows it
 * while skipped: not for blocks whose content spills outside them (docs/decisions/0059-paint-before-scripts.md).
 */
export function SkippedOffscreen({ children, estimate, className }: { children: ReactNode; estimate: string; className?: string }) {
  return (
    <div className={className} style={{ contentVisibility: 'auto', containIntrinsicSize: `auto ${estimate}` }}>
      {children}
    </div>
  );
}
