import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/** The page an address asks for (`?page=`): a whole number from 1; anything else is the first page. */
export function pageFromParam(raw: string | null): number {
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

/** How many pages a list's `meta` counts: at least one, so an empty or still-loading list has its first page. */
export function pageCount(meta: { total_count: number; per: number } | null | undefined): number {
  return meta ? Math.max(1, Math.ceil(meta.total_count / meta.per)) : 1;
}

/** The page the current address asks for (`?page=`, pageFromParam). */
export function usePageParam(): number {
  const [params] = useSearchParams();
  return pageFromParam(params.get('page'));
}

/**
 * A list page's address carrying only what differs from the page's defaults: a parameter given as `false` or
 * `undefined` is left out, so the first page of the default tab is the bare path.
 */
export function listHref(path: string, params: Record<string, string | number | false | undefined>): string {
  const q = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== false && value !== undefined) q.set(name, String(value));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/**
 * A page past a loaded list's end (its last item was removed, or the address was typed) is replaced by the
 * list's last page, at `hrefFor(last)`.
 */
export function useBackToLastPage(loaded: boolean, page: number, pages: number, hrefFor: (page: number) => string) {
  const navigate = useNavigate();
  const target = loaded && page > pages ? hrefFor(pages) : null;
  useEffect(() => {
    if (target) void navigate(target, { replace: true });
  }, [target, navigate]);
}
