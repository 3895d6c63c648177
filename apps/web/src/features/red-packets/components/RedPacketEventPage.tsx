import type { RedPacket, RedPacketEvent } from '@lantern/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorToText } from '../../../lib/errors';
import { formatDate, pickText, useLanguage } from '../../../lib/localize';
import { useMe } from '../../../lib/session';
import { openSignIn } from '../../../lib/signInStore';
import { Button, buttonClass } from '../../../ui/Button';
import { CopyButton } from '../../../ui/CopyButton';
import { Money } from '../../../ui/Money';
import { Spinner } from '../../../ui/Spinner';
import { useNewShare, useRedPacketEvent, useTakeRedPacket } from '../api/redPackets';
import { EventOpenings } from './EventOpenings';
import { OpeningsList, PacketSummary } from './RedPacketParts';
import { PageTitle } from '../../../ui/PageTitle';
import { ReadPage } from '../../../ui/ReadPage';

/** The sharer's packet: how much is opened, the link to share, and who opened what. */
function MyPacket({ event, packet }: { event: RedPacketEvent; packet: RedPacket }) {
  const { t } = useTranslation();
  const share = useNewShare(event.id, packet);
  const path = share.data?.red_packet_share.path;
  const link = path ? `${window.location.origin}${path}` : '';
  return (
    <>
      <section className="mt-6 rounded-2xl bg-red-700 p-5 text-white shadow-lg sm:p-6" aria-labelledby="my-packet" data-testid="my-red-packet" data-packet-id={packet.id}>
        <h2 id="my-packet" className="text-lg font-bold">{t('red_packets.my_packet')}</h2>
        <p className="mt-1 text-3xl font-black text-amber-300">
          <Money amount={packet.amount} currency={packet.currency} />
        </p>
        <PacketSummary packet={packet} />
        <p className="mt-4 text-sm text-red-50">{t('red_packets.share_hint')}</p>
        {share.isError ? (
          <p className="mt-2 text-sm">{errorToText(t, share.error)}</p>
        ) : !path ? (
          <Spinner label={t('ui.loading')} />
        ) : (
          <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center">
            <label htmlFor="red-packet-link" className="sr-only">{t('red_packets.share_link')}</label>
            <input id="red-packet-link" readOnly value={link} data-testid="red-packet-link" onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 rounded-lg bg-red-900/60 px-3 py-2 font-mono text-xs text-white ring-1 ring-red-300/40" />
            <div className="flex gap-2">
              <CopyButton text={link} label={t('red_packets.share_link')} testId="red-packet-copy" />
              <Link to={path} className={buttonClass('secondary', 'sm')} data-testid="red-packet-share-page">{t('red_packets.view_share')}</Link>
            </div>
          </div>
        )}
      </section>
      <OpeningsList eventId={event.id} currency={packet.currency} />
    </>
  );
}

function EventBody({ event }: { event: RedPacketEvent }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data: me } = useMe();
  const take = useTakeRedPacket(event.id);
  const packet = me ? event.red_packets[0] : undefined;
  const live = event.status === 'current';
  return (
    <div className="mx-auto max-w-3xl px-4 pb-12 pt-5 sm:px-6 sm:pt-8" data-testid="red-packet-event" data-event-id={event.id} data-status={event.status}>
      <PageTitle title={pickText(event.title, language)} />
      <p className="mt-1 text-sm text-muted">
        {t('red_packets.intro', { parts: event.parts })} <Money amount={event.amount} currency={event.currency} className="font-semibold text-fg" />
        {' · '}
        {t('deals.ends_on', { date: formatDate(event.to_timestamp, language) })}
      </p>
      {packet ? (
        <MyPacket event={event} packet={packet} />
      ) : !live ? (
        <p role="status" className="mt-6 rounded-lg bg-ink-850 p-3 text-sm text-muted ring-1 ring-ink-700" data-testid="red-packet-closed">
          {event.status === 'not_start' ? t('deals.not_started') : t('red_packets.ended')}
        </p>
      ) : (
        <div className="mt-6 rounded-2xl bg-red-700 p-6 text-center text-white shadow-lg">
          <p className="text-sm text-red-50">{t('red_packets.left', { count: event.packets_left, total: event.packet_count })}</p>
          <Button className="mt-4" size="lg" loading={take.isPending} data-testid="red-packet-take" disabled={event.packets_left <= 0}
            onClick={() => (me ? take.mutate() : openSignIn())}>
            {t('red_packets.take')}
          </Button>
          {take.isError ? <p role="alert" className="mt-3 text-sm font-medium" data-testid="red-packet-error">{errorToText(t, take.error)}</p> : null}
        </div>
      )}
      {live && !packet ? <HowItWorks /> : null}
      <EventOpenings eventId={event.id} />
    </div>
  );
}

/** The three steps before one takes a packet, so the button is not a leap in the dark. */
function HowItWorks() {
  const { t } = useTranslation();
  return (
    <section className="mt-6 rounded-2xl bg-ink-850 p-5 ring-1 ring-ink-700" aria-labelledby="red-packet-how" data-testid="red-packet-how">
      <h2 id="red-packet-how" className="text-base font-bold text-fg">{t('red_packets.how_title')}</h2>
      <ol className="mt-3 flex list-decimal flex-col gap-2 pl-5 text-sm text-muted marker:font-semibold marker:text-red-400">
        <li>{t('red_packets.how_take')}</li>
        <li>{t('red_packets.how_share')}</li>
        <li>{t('red_packets.how_open')}</li>
      </ol>
    </section>
  );
}

/** /events/{id}: a red-packet event: take my packet, share it, see who opened it (docs/product/deals.md#red-packets-on-the-web). */
export function RedPacketEventPage() {
  const { id = '' } = useParams();
  return (
    <ReadPage read={useRedPacketEvent(id)} title={(e) => e.event.title}>
      {(e) => <EventBody event={e.event} />}
    </ReadPage>
  );
}
