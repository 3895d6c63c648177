import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorToText } from '../lib/errors';
import { cn } from './cn';
import { LoadingBlock } from './LoadStates';
import { Pagination } from './Pagination';

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-[var(--radius-card)] bg-ink-850/90 ring-1 ring-ink-700', className)} {...rest} />;
}

export function PageHeader({ title, subtitle, aside }: { title: ReactNode; subtitle?: ReactNode; aside?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-muted">{subtitle}</p> : null}
      </div>
      {aside}
    </div>
  );
}

/**
 * A titled card over one read (a wallet's ledger, who opened a red packet): the read's error in words, loading, its
 * empty state, or its rows (`children`); `footer` (a pager) below whichever shows.
 */
export function ReadCard<T>({
  title,
  testId,
  read,
  isEmpty,
  empty,
  errorPadding = 'py-6',
  footer,
  children,
}: {
  title: ReactNode;
  testId: string;
  read: { data: T | undefined; isError: boolean; error: unknown };
  isEmpty: (data: T) => boolean;
  /** The empty state: a sentence (said in the card's muted style) or a node of its own. */
  empty: ReactNode;
  /** The error line's vertical padding (the ledger's is roomier). */
  errorPadding?: 'py-6' | 'py-8';
  footer?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card className="mt-6" data-testid={testId}>
      <h2 className="border-b border-ink-700 px-5 py-4 font-semibold text-fg">{title}</h2>
      {read.isError ? (
        <p className={`px-5 ${errorPadding} text-center text-sm text-danger`}>{errorToText(t, read.error)}</p>
      ) : read.data === undefined ? (
        <LoadingBlock />
      ) : isEmpty(read.data) ? (
        typeof empty === 'string' ? <p className="px-5 py-6 text-center text-sm text-muted">{empty}</p> : empty
      ) : (
        children(read.data)
      )}
      {footer}
    </Card>
  );
}

/**
 * A titled card over one page of a list whose page is in the address (`path?page=N`, the first page bare): what
 * went wrong (`alert`), its "none yet" sentence when the page is loaded and empty, the rows, and links to its pages.
 */
export function PagedCard({ title, alert, none, testId, page, pages, path, children }: { title: ReactNode; alert?: ReactNode; none: string | null; testId: string; page: number; pages: number; path: string; children: ReactNode }) {
  return (
    <Card className="mt-6">
      <h2 className="border-b border-ink-700 px-5 py-4 font-semibold text-fg">{title}</h2>
      {alert}
      {none ? <p className="px-5 py-4 text-sm text-muted">{none}</p> : null}
      <ul className="divide-y divide-ink-700/70" data-testid={testId}>
        {children}
      </ul>
      {pages > 1 ? <Pagination className="py-3" page={page} pages={pages} hrefFor={(p) => (p > 1 ? `${path}?page=${p}` : path)} /> : null}
    </Card>
  );
}
