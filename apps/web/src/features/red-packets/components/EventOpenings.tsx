import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { WEB_PAGES } from '@lantern/contract';
import { formatDateTime } from '../../../lib/dates';
import { subscribeLive } from '../../../lib/live';
import { useLanguage } from '../../../lib/localize';
import { queryKeys } from '../../../lib/query-keys';
import { ReadCard } from '../../../ui/Card';
import { formatMoney } from '../../../ui/Money';
import { OpenerRow } from './RedPacketParts';
import { useEventOpenings } from '../api/redPackets';

/**
 * The latest openings across the whole event (docs/product/deals.md#red-packet-event-openings): who opened how
 * much, newest first. Reloaded after the reader's own opening (it shares the openings' key) and whenever a live
 * notice about this event arrives (someone opened the reader's packet), which the notification bar does not show
 * on this page.
 */
export function EventOpenings({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const client = useQueryClient();
  const q = useEventOpenings(eventId);
  useEffect(() => {
    const here = WEB_PAGES.redPacketEvent.replace(':id', String(eventId));
    return subscribeLive('notification', (data) => {
      if ((data as { bar?: { href?: unknown } } | null)?.bar?.href !== here) return;
      // Every openings list of the event (this one, and the reader's own packet's above it) shares this prefix.
      void client.invalidateQueries({ queryKey: queryKeys.redPackets.eventOpenings(eventId).slice(0, 4) });
      void client.invalidateQueries({ queryKey: queryKeys.redPackets.event(eventId) });
    });
  }, [client, eventId]);
  return (
    <ReadCard
      title={t('red_packets.event_openings_title')}
      testId="red-packet-event-openings"
      read={q}
      isEmpty={(data) => data.openings.length === 0}
      empty={t('red_packets.event_openings_empty')}
    >
      {(data) => (
        <ol className="divide-y divide-ink-700">
          {data.openings.map((o) => (
            <OpenerRow
              key={o.id}
              testId="red-packet-event-opening"
              account={o.account}
              when={<time dateTime={new Date(o.opened_at_timestamp * 1000).toISOString()}>{formatDateTime(o.opened_at_timestamp, language)}</time>}
              amount={
                <span className="shrink-0 text-sm font-semibold text-success" data-amount={o.amount}>
                  {t('red_packets.event_openings_opened', { amount: formatMoney(o.amount, o.currency, language) })}
                </span>
              }
            />
          ))}
        </ol>
      )}
    </ReadCard>
  );
}
