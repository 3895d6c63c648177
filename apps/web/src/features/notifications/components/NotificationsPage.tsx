import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_GROUPS, NOTIFICATIONS_PER_PAGE, openingNotificationTab, type NotificationKind } from '@lantern/domain';
import { paths } from '../../../lib/paths';
import { subscribeLive } from '../../../lib/live';
import { queryKeys } from '../../../lib/query-keys';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { BellIcon } from '../../../ui/icons';
import { LinkTabs } from '../../../ui/LinkTabs';
import { LoadingBlock } from '../../../ui/LoadStates';
import { Pagination } from '../../../ui/Pagination';
import { useMarkRead } from '../api/markRead';
import { useNotifications } from '../api/notifications';
import { useNotificationService } from '../api/service';
import { BroadcastList } from './BroadcastList';
import { NotificationItem } from './NotificationItem';
import { PageTitle } from '../../../ui/PageTitle';

/** The centre's tabs: one per counter group (docs/product/messaging.md#notification-counts), and the site's announcements. */
const TABS = [
  { key: 'comments', group: 'comment_num', counter: 'comment_num' },
  { key: 'mentions', group: 'at_num', counter: 'at_num' },
  { key: 'notices', group: 'notice_num', counter: 'notice_num' },
  { key: 'system', group: 'system_num', counter: 'system_num' },
  { key: 'broadcasts', group: null, counter: 'broadcast_num' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

/** /messages: the notification centre — tabs by counter, mark one or all read, paging, each item linking to what it tells of. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const asked = TABS.find((x) => x.key === params.get('tab'))?.key;
  const tab: TabKey = asked ?? 'comments';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const group = TABS.find((x) => x.key === tab)!.group;
  const kinds: readonly NotificationKind[] = group ? NOTIFICATION_GROUPS[group] : [];
  const service = useNotificationService();
  // Without a tab asked for, the page waits for the counters and opens on the first tab with something unread
  // (openingNotificationTab), put in the address so marking it read does not move the reader elsewhere.
  const opening = asked !== undefined ? null
    : service.data ? TABS.find((x) => x.counter === openingNotificationTab(service.data.counters))!.key
    : service.isError ? 'comments' : null;
  useEffect(() => {
    if (opening) void navigate(paths.messagesTab(opening), { replace: true });
  }, [opening, navigate]);
  const list = useNotifications(kinds, page, group !== null && asked !== undefined);
  const markRead = useMarkRead();
  const client = useQueryClient();
  useDocumentTitle(t('notifications.title'));
  // A new notification or a counter change elsewhere (another tab) refreshes what the centre shows.
  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: queryKeys.me.notificationsAll });
    const stops = ['notification', 'counters', 'broadcast'].map((type) => subscribeLive(type, refresh));
    return () => stops.forEach((stop) => stop());
  }, [client]);

  const counters = service.data?.counters;
  const tabs = TABS.map((x) => ({
    key: x.key,
    label: t(`notifications.tabs.${x.key}`),
    to: paths.messagesTab(x.key),
    count: x.group ? counters?.[x.group] : counters?.broadcast_num,
  }));
  const unreadHere = group ? (counters?.[group] ?? 0) : (counters?.broadcast_num ?? 0);
  const markAll = () => {
    if (group) markRead.mutate({ kinds: [...kinds] });
    else markRead.mutate({ broadcast_ids: (service.data?.broadcasts ?? []).filter((b) => !b.read).map((b) => b.id) });
  };
  const pages = list.data ? Math.ceil(list.data.meta.total_count / NOTIFICATIONS_PER_PAGE) : 0;

  return (
    <div className="mx-auto max-w-3xl px-4 pb-12 pt-5 sm:px-6 sm:pt-8" data-testid="notifications-page">
      <PageTitle
        title={t('notifications.title')}
        intro={t('notifications.intro')}
        aside={
          <Link to={paths.conversations} className="text-sm font-medium text-accent hover:underline" data-testid="notifications-conversations">
            {t('notifications.conversations')}
          </Link>
        }
      />
      <LinkTabs className="mt-5" tabs={tabs} active={tab} label={t('notifications.title')} testId="notifications-tabs" />
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" size="sm" disabled={unreadHere === 0} loading={markRead.isPending} onClick={markAll} data-testid="notifications-mark-all">
          {t('notifications.mark_all')}
        </Button>
      </div>
      <div className="mt-3">
        {group === null ? (
          !service.data ? <LoadingBlock /> : <BroadcastList broadcasts={service.data.broadcasts} onRead={(id) => markRead.mutate({ broadcast_ids: [id] })} />
        ) : !list.data ? (
          <LoadingBlock />
        ) : list.data.messages.length === 0 ? (
          <EmptyState icon={<BellIcon className="size-6" />} title={t('notifications.empty')} />
        ) : (
          <ul className="divide-y divide-ink-800 overflow-hidden rounded-2xl bg-ink-900 ring-1 ring-ink-700" data-testid="notifications-list">
            {list.data.messages.map((n) => (
              <NotificationItem key={n.id} notification={n} onRead={() => markRead.mutate({ ids: [n.id] })} />
            ))}
          </ul>
        )}
      </div>
      {group ? <Pagination className="mt-6" page={page} pages={pages} hrefFor={(p) => paths.messagesTab(tab, p)} /> : null}
    </div>
  );
}
