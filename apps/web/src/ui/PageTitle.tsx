import type { ReactNode } from 'react';
import { cn } from './cn';
import { Link } from 'react-router';

/**
 * A page's title as the store's own pages show it, and the line under it saying what the page is for. With an
 * `aside` (a link, a button) the two sit on one row, the aside at the end.
 */
export function PageTitle({ title, intro, aside, className }: { title: ReactNode; intro?: ReactNode; aside?: ReactNode; className?: string }) {
  const heading = (
    <>
      <h1 className="text-2xl font-black tracking-tight text-fg sm:text-3xl">{title}</h1>
      {intro ? <p className="mt-1 text-sm text-muted">{intro}</p> : null}
    </>
  );
  if (!aside && !className) return heading;
  return (
    <div className={cn('flex flex-wrap items-end justify-between gap-3', className)}>
      <div>{heading}</div>
      {aside}
    </div>
  );
}

/** A one-step breadcrumb above a page's title: the link back to the area the page belongs to. */
export function CrumbNav({ label, to, text, className = 'mb-3' }: { label: string; to: string; text: string; className?: string }) {
  return (
    <nav aria-label={label} className={cn(className, 'text-sm text-muted')}>
      <Link to={to} className="hover:text-accent-strong">
        {text}
      </Link>
    </nav>
  );
}
