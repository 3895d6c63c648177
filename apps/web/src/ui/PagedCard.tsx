import type { ReactNode } from 'react';
import { Card } from './Card';
import { Pagination } from './Pagination';

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
