import type { RedPacketShare } from '@lantern/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { isApiError } from '../../../lib/api';
import { errorToText } from '../../../lib/errors';
import { pickText, useLanguage } from '../../../lib/localize';
import { openSignIn } from '../../../lib/signInStore';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { buttonClass } from '../../../ui/Button';
import { Money } from '../../../ui/Money';
import { PageSpinner } from '../../../ui/Spinner';
import { useOpenRedPacket, useRedPacketShare } from '../api/redPackets';
import { OpeningsList, PacketSummary } from './RedPacketParts';
import { useErrorPage } from '../../../lib/useErrorPage';

/** The words for a refused opening: a 404 is "system busy" on this screen (docs/product/deals.md#red-packet-reasons). */
function openRefusal(t: ReturnType<typeof useTranslation>['t'], error: unknown): string {
  if (isApiError(error) && error.status === 404) return t('red_packets.system_busy');
  return errorToText(t, error);
}

function ShareBody({ share, ids }: { share: RedPacketShare; ids: { id: string; rid: string; sid: string } }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const packet = share.red_packet;
  const { mutation: open, reload } = useOpenRedPacket(ids.id, ids.rid, ids.sid);
  // The part just opened, shown once the seal's turn has played (at once with reduced motion).
  const [revealed, setRevealed] = useState<number | null>(null);
  const opening = open.isPending || (open.isSuccess && revealed === null);
  const myPart = revealed ?? packet.my_part;
  const live = share.event.status === 'current';
  return (
    <div className="mx-auto max-w-3xl px-4 pb-12 pt-5 sm:px-6 sm:pt-8" data-testid="red-packet-share" data-role={packet.role}>
      <p className="text-sm text-muted">{pickText(share.event.title, language)}</p>
      <section className="relative mt-3 overflow-hidden rounded-3xl bg-red-700 px-5 pb-8 pt-6 text-center text-white shadow-xl [perspective:800px]" aria-labelledby="share-title">
        <h1 id="share-title" className="text-xl font-bold">
          {packet.role === 'sharer' ? t('red_packets.your_shared_packet') : t('red_packets.shared_by', { name: packet.sharer.nickname })}
        </h1>
        <div className="mt-2 flex justify-center"><PacketSummary packet={packet} /></div>
        {myPart !== null ? (
          <div className="animate-packet-rise mt-6" role="status" data-testid="red-packet-my-part" data-amount={myPart}>
            <p className="text-sm text-red-50">{t('red_packets.you_received')}</p>
            <p className="mt-1 text-4xl font-black text-amber-300"><Money amount={myPart} currency={packet.currency} /></p>
            <Link to={paths.wallet} className={buttonClass('secondary', 'sm') + ' mt-4'} data-testid="red-packet-wallet">{t('red_packets.see_wallet')}</Link>
          </div>
        ) : packet.role === 'sharer' ? (
          <p className="mt-6 text-sm text-red-50">{t('red_packets.sharer_hint')}</p>
        ) : !live ? (
          <p className="mt-6 text-sm text-red-50" role="status">{t('red_packets.ended')}</p>
        ) : (
          <div className="mt-6 flex flex-col items-center">
            <button
              type="button"
              data-testid="red-packet-open"
              disabled={opening}
              aria-label={t('red_packets.open')}
              onClick={() => (packet.role === 'visitor' ? openSignIn() : open.mutate())}
              onAnimationEnd={() => {
                if (!open.data) return;
                setRevealed(open.data.red_packet_open.amount);
                reload();
              }}
              className={
                'grid size-24 place-items-center rounded-full bg-amber-300 text-2xl font-black text-red-800 shadow-lg ring-4 ring-amber-200/60 transition hover:scale-105 disabled:cursor-wait' +
                (open.isSuccess ? ' animate-packet-seal' : '')
              }
            >
              {t('red_packets.open_seal')}
            </button>
            <p className="mt-3 text-sm text-red-50">{packet.role === 'visitor' ? t('red_packets.sign_in_to_open') : t('red_packets.tap_to_open')}</p>
            {open.isError ? <p role="alert" className="mt-3 font-medium" data-testid="red-packet-error">{openRefusal(t, open.error)}</p> : null}
          </div>
        )}
      </section>
      <OpeningsList eventId={share.event_id} shareId={share.id} currency={packet.currency} />
      <p className="mt-6 text-center">
        <Link to={paths.redPacketEvent(share.event_id)} className="text-sm text-muted underline-offset-4 hover:text-accent-strong hover:underline" data-testid="red-packet-event-link">
          {t('red_packets.get_your_own')}
        </Link>
      </p>
    </div>
  );
}

/** /events/{id}/red_packets/{rid}/shares/{sid}: a shared packet: open a part, see who opened what (sharer and recipient told apart). */
export function RedPacketSharePage() {
  const { t } = useTranslation();
  const { id = '', rid = '', sid = '' } = useParams();
  const share = useRedPacketShare(id, rid, sid);
  useDocumentTitle(share.data ? t('red_packets.share_title', { name: share.data.red_packet_share.red_packet.sharer.nickname }) : null);
  useErrorPage(share);
  if (!share.data) return <PageSpinner label={t('ui.loading')} />;
  return <ShareBody share={share.data.red_packet_share} ids={{ id, rid, sid }} />;
}
