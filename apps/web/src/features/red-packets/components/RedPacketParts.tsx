import type { RedPacket } from '@lantern/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, useLanguage } from '../../../lib/localize';
import { ReadCard } from '../../../ui/Card';
import { Money } from '../../../ui/Money';
import { PagerButtons } from '../../../ui/Pagination';
import { Avatar } from '../../../ui/Avatar';
import { OPENINGS_PER, useOpenings } from '../api/redPackets';

/** A packet's amount, parts and how much of it is opened. */
export function PacketSummary({ packet }: { packet: RedPacket }) {
  const { t } = useTranslation();
  return (
    <p className="text-sm text-red-100" data-testid="red-packet-summary" data-opened={packet.opened_count} data-parts={packet.parts}>
      {t('red_packets.opened_of', { opened: packet.opened_count, parts: packet.parts })}
      {' · '}
      <Money amount={packet.opened_amount} currency={packet.currency} /> / <Money amount={packet.amount} currency={packet.currency} />
    </p>
  );
}

/** One opening in a list: who (avatar, nickname, a tag such as "you"), when, and the amount they got. */
export function OpenerRow({ testId, account, tag, when, amount }: { testId: string; account: { nickname: string; avatar_url?: string | null }; tag?: ReactNode; when: ReactNode; amount: ReactNode }) {
  return (
    <li className="flex items-center justify-between gap-3 px-5 py-3" data-testid={testId}>
      <div className="flex min-w-0 items-center gap-3">
        <Avatar name={account.nickname} url={account.avatar_url} size={28} />
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-fg">
            {account.nickname}
            {tag}
          </p>
          <p className="text-xs text-subtle">{when}</p>
        </div>
      </div>
      {amount}
    </li>
  );
}

/** Who opened what of one packet, newest first, 4 a page (docs/product/deals.md#red-packet-detail). */
export function OpeningsList({ eventId, shareId, currency }: { eventId: number; shareId?: string; currency: RedPacket['currency'] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [page, setPage] = useState(1);
  const q = useOpenings(eventId, shareId ? { share_id: shareId } : {}, page);
  const pages = Math.max(1, Math.ceil((q.data?.meta.total_count ?? 0) / OPENINGS_PER));
  return (
    <ReadCard
      title={t('red_packets.openings_title')}
      testId="red-packet-openings"
      read={q}
      isEmpty={(data) => data.accounts_red_packets.length === 0}
      empty={t('red_packets.openings_empty')}
      footer={<PagerButtons page={page} pages={pages} onPage={setPage} className="border-t border-ink-700 px-5 py-3" />}
    >
      {(data) => (
        <ul className="divide-y divide-ink-700">
          {data.accounts_red_packets.map((o) => (
            <OpenerRow
              key={o.id}
              testId="red-packet-opening"
              account={o.account}
              tag={o.mine ? <span className="ml-2 rounded bg-accent/15 px-1.5 py-0.5 text-[11px] font-semibold text-accent">{t('red_packets.you')}</span> : null}
              when={formatDate(o.opened_at_timestamp, language)}
              amount={<Money amount={o.amount} currency={currency} className="font-semibold text-success" />}
            />
          ))}
        </ul>
      )}
    </ReadCard>
  );
}
