import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from './Button';
import { cn } from './cn';
import { ChevronLeft, ChevronRight } from './icons';

/** Page numbers to show: the first, the last, and two either side of the current, with gaps as null. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= 2) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

/** Numbered pages as links (the URL holds the page, so every page can be shared and reloaded). */
export function Pagination({ page, pages, hrefFor, className }: { page: number; pages: number; hrefFor: (page: number) => string; className?: string }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const cell = 'grid h-9 min-w-9 place-items-center rounded-lg px-2 text-sm font-medium tabular-nums';
  const edge = (target: number, label: string, icon: React.ReactNode, testId: string) =>
    target < 1 || target > pages ? (
      <span className={cn(cell, 'text-ink-600')} aria-hidden="true">
        {icon}
      </span>
    ) : (
      <Link to={hrefFor(target)} className={cn(cell, 'text-muted hover:bg-ink-800 hover:text-fg')} aria-label={label} data-testid={testId}>
        {icon}
      </Link>
    );
  return (
    <nav aria-label={t('ui.pagination')} className={cn('flex items-center justify-center gap-1', className)} data-testid="pagination">
      {edge(page - 1, t('ui.previous'), <ChevronLeft className="size-4" />, 'page-prev')}
      {pageWindow(page, pages).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className={cn(cell, 'text-subtle')} aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={p}
            to={hrefFor(p)}
            aria-current={p === page ? 'page' : undefined}
            aria-label={t('ui.page_n', { page: p })}
            className={cn(cell, p === page ? 'bg-accent text-accent-ink' : 'text-muted hover:bg-ink-800 hover:text-fg')}
          >
            {p}
          </Link>
        ),
      )}
      {edge(page + 1, t('ui.next'), <ChevronRight className="size-4" />, 'page-next')}
    </nav>
  );
}

/**
 * Previous / next for a list whose page lives in the component's state (a history inside a card, not worth an
 * address of its own), with "page n of N" between them.
 */
export function PagerButtons({ page, pages, onPage, className }: { page: number; pages: number; onPage: (page: number) => void; className?: string }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('ui.pagination')} className={cn('flex items-center justify-between text-sm', className)}>
      <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('ui.previous')}
      </Button>
      <span className="text-muted">{t('ui.page_of', { page, pages })}</span>
      <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('ui.next')}
      </Button>
    </nav>
  );
}
