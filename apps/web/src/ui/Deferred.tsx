import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders its children a little after the first paint, so a long store page paints its top quickly: when
 * the block comes near the viewport, or when the browser is idle (staggered by `order`), whichever is first.
 * Until then it keeps the block's approximate height, so nothing above it moves. The reveal is a transition:
 * React renders it in slices and never blocks input for long. Everything is rendered within a couple of
 * seconds, so keyboard users and find-in-page still reach every block.
 */
export function Deferred({ children, minHeight, order = 0 }: { children: ReactNode; minHeight: string; order?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(() => typeof window === 'undefined' || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (shown) return;
    const show = () => startTransition(() => setShown(true));
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), { rootMargin: '600px 0px' });
    if (ref.current) io.observe(ref.current);
    // Staggered: each block waits its turn, then for an idle moment.
    let idle: number | undefined;
    const timer = window.setTimeout(() => {
      idle = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(show, { timeout: 1000 }) : undefined;
      if (idle === undefined) show();
    }, 500 + order * 200);
    return () => {
      io.disconnect();
      window.clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [shown, order]);
  if (shown) return <>{children}</>;
  return <div ref={ref} aria-hidden="true" style={{ minHeight }} data-deferred="" />;
}
