import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { liveEventData, type LiveBarItem } from '@lantern/contract';
import { pushVisibleNotification } from '@lantern/domain';
import { subscribeLive } from '../lib/live';
import { getSite } from '../lib/site';
import { useNotificationSentence } from '../lib/notificationText';
import { BellIcon } from '../ui/icons';
import { Avatar } from '../ui/Avatar';
import { queryKeys } from '../lib/query-keys';

interface Shown extends LiveBarItem {
  key: number;
  detail?: string | null;
}

let nextKey = 1;

/** Whether an announcement is for this site: the everyone stream carries both sites' (their `area`). */
function forThisSite(data: unknown): boolean {
  const area = (data as { area?: unknown }).area;
  return area === 'both' || area === getSite().area;
}

/**
 * The notification bar (docs/product/messaging.md#notification-bar): what live 'notification',
 * 'private_message' and this site's 'broadcast' events say, at most 3 at once (a fourth drops the oldest), each
 * closable. A new one also refreshes the account (its badges) so the header's counter follows.
 */
export function NotificationBar() {
  const { t } = useTranslation();
  const sentence = useNotificationSentence();
  const client = useQueryClient();
  const [items, setItems] = useState<Shown[]>([]);
  // The page the reader is on: an item leading there (a message in the open conversation) is not shown.
  const { pathname } = useLocation();
  const here = useRef(pathname);
  here.current = pathname;
  useEffect(() => {
    const show = (data: unknown) => {
      const parsed = liveEventData.safeParse(data);
      if (!parsed.success || !parsed.data.bar) return;
      if (parsed.data.bar.href === here.current) {
        void client.invalidateQueries({ queryKey: queryKeys.me.all, exact: true });
        return;
      }
      const detail = typeof (data as { detail?: unknown }).detail === 'string' ? (data as { detail: string }).detail : null;
      setItems((list) => pushVisibleNotification(list, { ...parsed.data.bar!, detail, key: nextKey++ }));
      void client.invalidateQueries({ queryKey: queryKeys.me.all, exact: true });
    };
    // The bar is loaded after the stream opens (its own chunk): what arrived meanwhile is shown too.
    const stops = ['notification', 'private_message'].map((type) => subscribeLive(type, show, { replayRecent: true }));
    stops.push(subscribeLive('broadcast', (data) => {
      if (forThisSite(data)) show(data);
    }, { replayRecent: true }));
    // Read elsewhere (another tab): the header's counter follows.
    stops.push(subscribeLive('counters', () => void client.invalidateQueries({ queryKey: queryKeys.me.all, exact: true })));
    return () => stops.forEach((stop) => stop());
  }, [client]);
  if (items.length === 0) return null;
  const close = (key: number) => setItems((list) => list.filter((x) => x.key !== key));
  return (
    <section aria-label={t('notifications.bar_label')} className="pointer-events-none fixed right-4 top-20 z-40 flex w-96 max-w-[calc(100vw-2rem)] flex-col gap-2" data-testid="notification-bar">
      {items.map((item) => (
        <div key={item.key} role="status" className="pointer-events-auto flex items-start gap-3 rounded-xl bg-ink-900 p-3 shadow-lg ring-1 ring-ink-700" data-testid="notification-bar-item">
          {item.actor ? (
            <Avatar name={item.actor.nickname} url={item.actor.avatar} size={28} />
          ) : (
            <span aria-hidden="true" className="grid size-7 shrink-0 place-items-center rounded-full bg-ink-700 text-accent">
              <BellIcon className="size-4" />
            </span>
          )}
          <Link to={item.href} onClick={() => close(item.key)} className="min-w-0 flex-1">
            <p className="text-sm font-semibold text-fg">{sentence({ kind: item.kind, actorName: item.actor?.nickname ?? null, count: item.count, detail: item.detail })}</p>
            {item.excerpt ? <p className="mt-0.5 line-clamp-2 text-xs text-muted">{item.excerpt}</p> : null}
          </Link>
          <button type="button" onClick={() => close(item.key)} aria-label={t('notifications.close')} className="text-muted hover:text-fg" data-testid="notification-bar-close">
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
