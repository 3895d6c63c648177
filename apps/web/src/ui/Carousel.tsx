import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';
import { ChevronLeft, ChevronRight, PauseIcon, PlayIcon } from './icons';

export interface CarouselProps<T> {
  items: readonly T[];
  label: string;
  /** `visible` slides render their images; the others wait until they are about to show. */
  renderSlide: (item: T, index: number, state: { active: boolean; visible: boolean }) => ReactNode;
  intervalMs?: number;
  className?: string;
  testId?: string;
}

function prefersReducedMotion() {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * An accessible rotating carousel (WAI-ARIA APG "carousel"): previous/next, a pause button, one dot per
 * slide. It rotates on its own unless the user paused it, prefers reduced motion, or is hovering or focusing
 * it; while rotating the slides are not announced (aria-live off), once paused they are.
 */
export function Carousel<T>({ items, label, renderSlide, intervalMs = 6000, className, testId }: CarouselProps<T>) {
  const { t } = useTranslation();
  const id = useId();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [hold, setHold] = useState(false);
  const [seen, setSeen] = useState(() => new Set([0, 1]));
  const count = items.length;
  const root = useRef<HTMLElement>(null);

  const go = useCallback(
    (next: number) => {
      const i = ((next % count) + count) % count;
      setIndex(i);
      setSeen((s) => (s.has(i) && s.has((i + 1) % count) ? s : new Set([...s, i, (i + 1) % count])));
    },
    [count],
  );

  const rotating = !paused && !hold && count > 1;
  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => go(index + 1), intervalMs);
    return () => clearTimeout(timer);
  }, [rotating, index, intervalMs, go]);

  if (count === 0) return null;
  const controlClass = 'grid size-9 place-items-center rounded-full bg-ink-950/70 text-fg ring-1 ring-white/15 backdrop-blur hover:bg-ink-800';
  return (
    <section
      ref={root}
      aria-roledescription={t('carousel.carousel')}
      aria-label={label}
      className={cn('group/carousel relative', className)}
      data-testid={testId}
      onMouseEnter={() => setHold(true)}
      onMouseLeave={() => setHold(false)}
      onFocus={() => setHold(true)}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node | null)) setHold(false);
      }}
    >
      <div className="relative">
      <div id={`${id}-slides`} aria-live={rotating ? 'off' : 'polite'} className="relative grid">
        {items.map((item, i) => {
          const active = i === index;
          return (
            <div
              key={i}
              role="group"
              aria-roledescription={t('carousel.slide')}
              aria-label={t('carousel.slide_of', { index: i + 1, count })}
              aria-hidden={!active}
              inert={!active}
              className={cn('col-start-1 row-start-1 transition-opacity duration-500', active ? 'z-10 opacity-100' : 'pointer-events-none opacity-0')}
              data-active={active || undefined}
            >
              {renderSlide(item, i, { active, visible: seen.has(i) })}
            </div>
          );
        })}
      </div>
      {count > 1 ? (
        <div className="pointer-events-none z-20 mt-2 flex items-center justify-end gap-2 sm:absolute sm:inset-x-0 sm:bottom-4 sm:mt-0 sm:px-5">
          <div className="pointer-events-auto mr-auto flex items-center gap-1 rounded-full bg-ink-950/60 px-2 py-1.5 ring-1 ring-white/10 backdrop-blur sm:mr-0">
            {items.map((_, i) => (
              <button
                key={i}
                type="button"
                aria-controls={`${id}-slides`}
                aria-label={t('carousel.go_to', { index: i + 1 })}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => go(i)}
                className="grid size-6 place-items-center rounded-full"
                data-testid="carousel-dot"
              >
                <span className={cn('block h-1.5 rounded-full transition-all', i === index ? 'w-5 bg-accent' : 'w-1.5 bg-white/50')} />
              </button>
            ))}
          </div>
          <div className="pointer-events-auto flex gap-2">
            <button type="button" className={controlClass} aria-controls={`${id}-slides`} aria-label={paused ? t('carousel.play') : t('carousel.pause')} onClick={() => setPaused((p) => !p)} data-testid="carousel-pause">
              {paused ? <PlayIcon className="size-4" /> : <PauseIcon className="size-4" />}
            </button>
            <button type="button" className={controlClass} aria-controls={`${id}-slides`} aria-label={t('carousel.previous')} onClick={() => go(index - 1)} data-testid="carousel-prev">
              <ChevronLeft className="size-5" />
            </button>
            <button type="button" className={controlClass} aria-controls={`${id}-slides`} aria-label={t('carousel.next')} onClick={() => go(index + 1)} data-testid="carousel-next">
              <ChevronRight className="size-5" />
            </button>
          </div>
        </div>
      ) : null}
      </div>
    </section>
  );
}
