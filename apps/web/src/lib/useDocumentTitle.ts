import { useEffect } from 'react';
import { getSite } from './site';

/** Each site's name as its tab shows it (the server's heads name the sites alike). */
const SITE_NAMES = { native: '灯笼游戏', abroad: 'Lantern' } as const;

/** Sets the tab's title while a page shows ("Name · 灯笼游戏" / "Name · Lantern") and puts the previous one back after. */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = `${title} · ${SITE_NAMES[getSite().area]}`;
    return () => {
      document.title = before;
    };
  }, [title]);
}
