import { useEffect } from 'react';

/** Sets the tab's title while a page shows ("Name · Lantern") and puts the previous one back after. */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = `${title} · Lantern`;
    return () => {
      document.title = before;
    };
  }, [title]);
}
