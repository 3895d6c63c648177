import { Children, useRef, type ReactNode } from 'react';
import { cn } from './cn';
import { ChevronLeft, ChevronRight } from './icons';

/**
 * A horizontally scrolling row of cards (snap points, native scrolling on touch). Arrow buttons page it on
 * larger screens; keyboard users tab through the cards, which scroll themselves into view.
 */
export function Shelf({ children, label, itemClassName, className }: { children: ReactNode; label: string; itemClassName?: string; className?: string }) {
  const track = useRef<HTMLUListElement>(null);
  const page = (dir: 1 | -1) => {
    const el = track.current;
    if (el) el.scrollBy({ left: dir * el.clientWidth * 0.9, behavior: 'smooth' });
  };
  const arrow = 'absolute top-[38%] z-10 hidden size-10 -translate-y-1/2 place-items-center rounded-full bg-ink-900/90 text-fg shadow-xl ring-1 ring-ink-600 backdrop-blur transition hover:bg-ink-700 sm:grid';
  return (
    <div className={cn('group/shelf relative', className)}>
      <ul
        ref={track}
        aria-label={label}
        className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 [scrollbar-width:none] sm:-mx-6 sm:scroll-px-6 sm:gap-4 sm:px-6 [&::-webkit-scrollbar]:hidden"
      >
        {Children.map(children, (child) => (
          <li className={cn('shrink-0 snap-start', itemClassName ?? 'w-[42%] sm:w-[30%] md:w-[23%] lg:w-[15.4%]')}>{child}</li>
        ))}
      </ul>
      <button type="button" tabIndex={-1} aria-hidden="true" className={cn(arrow, '-left-3 opacity-0 group-hover/shelf:opacity-100')} onClick={() => page(-1)}>
        <ChevronLeft className="size-5" />
      </button>
      <button type="button" tabIndex={-1} aria-hidden="true" className={cn(arrow, '-right-3 opacity-0 group-hover/shelf:opacity-100')} onClick={() => page(1)}>
        <ChevronRight className="size-5" />
      </button>
    </div>
  );
}
