import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from './cn';
import { ChevronRight } from './icons';

/** A titled block of a store page, with an optional "see all" link. */
export function Section({ title, id, more, children, className, testId, aside }: { title: ReactNode; id: string; more?: { to: string; label: string }; children: ReactNode; className?: string; testId?: string; aside?: ReactNode }) {
  return (
    <section aria-labelledby={id} className={cn('min-w-0', className)} data-testid={testId}>
      <div className="mb-3 flex items-end justify-between gap-3 sm:mb-4">
        <h2 id={id} className="text-lg font-bold tracking-tight text-fg sm:text-xl">
          {title}
        </h2>
        {aside}
        {more ? (
          <Link to={more.to} className="inline-flex shrink-0 items-center gap-0.5 rounded-md text-sm font-medium text-muted hover:text-accent-strong">
            {more.label}
            <ChevronRight className="size-4" />
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
