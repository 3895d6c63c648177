import { SITES } from '@lantern/domain';
import { useEffect } from 'react';
import { getSite } from './site';

/** Sets the tab's title while a page shows ("Name · 灯笼游戏" / "Name · Lantern") and puts the previous one back after. */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = `${title} · ${SITES[getSite().area].name}`;
    return () => {
      document.title = before;
    };
  }, [title]);
}
