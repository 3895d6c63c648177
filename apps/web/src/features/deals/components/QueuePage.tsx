import type { ExploringQueue } from '@lantern/contract';
import { queueComplete } from '@lantern/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { isApiError } from '../../../lib/api';
import { errorToText } from '../../../lib/errors';
import { formatDate, pickText, useLanguage } from '../../../lib/localize';
import { useMe } from '../../../lib/session';
import { openSignIn } from '../../../lib/signInStore';
import { Button, buttonClass } from '../../../ui/Button';
import { Cover } from '../../../ui/Cover';
import { Price } from '../../../ui/Price';
import { Spinner } from '../../../ui/Spinner';
import { useEditionPreview, useQueue, useStartQueue, useUpdateQueue } from '../api/queues';
import { useQueueSku } from '../api/queueSku';
import { PageTitle } from '../../../ui/PageTitle';
import { ReadPage } from '../../../ui/ReadPage';

function RewardText({ queue }: { queue: ExploringQueue }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (queue.reward.kind === 'points') return <>{t('deals.queue.reward_points', { count: queue.reward.points ?? 0 })}</>;
  return <>{t('deals.queue.reward_coupon', { title: queue.reward.coupon ? pickText(queue.reward.coupon.title, language) : '' })}</>;
}

/** The game's editions: name, price and what each holds (GET /api/v1/preview/editions/{id}). */
function EditionPreview({ skuId }: { skuId: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const preview = useEditionPreview(skuId);
  if (preview.isPending) return <Spinner label={t('ui.loading')} />;
  if (preview.isError || preview.data.editions.length === 0) return null;
  return (
    <section aria-labelledby="queue-editions" className="mt-4" data-testid="edition-preview">
      <h3 id="queue-editions" className="mb-2 text-sm font-semibold text-fg">
        {t('deals.queue.editions')}
      </h3>
      <ul className="divide-y divide-ink-800 rounded-xl bg-ink-900 ring-1 ring-ink-700">
        {preview.data.editions.map((e) => {
          const includes = pickText(e.includes, language);
          return (
            <li key={e.sku_id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <div className="min-w-0">
                <p className="text-sm font-medium text-fg">{pickText(e.edition, language) || pickText(e.sku_names, language)}</p>
                {includes ? <p className="text-xs text-muted">{includes}</p> : null}
              </div>
              <Price listPrice={e.list_price} salePrice={e.sale_price} currency={e.currency} size="sm" />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** One step: the game's cover, name, price and editions, and the way on. */
function QueueStep({ queue, itemId, index, onNext, busy }: { queue: ExploringQueue; itemId: number; index: number; onNext: () => void; busy: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const step = useQueueSku(itemId);
  const last = index === queue.items.length - 1;
  const sku = step.data?.sku ?? queue.items[index]?.sku ?? null;
  return (
    <article className="mt-6 overflow-hidden rounded-2xl bg-ink-900/60 ring-1 ring-ink-700" data-testid="queue-step" data-item-id={itemId}>
      <div className="grid gap-4 p-4 sm:p-6 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)] lg:gap-6">
        <div className="min-w-0">{sku ? <Cover src={sku.sku_covers.horizontal} shape="horizontal" priority="eager" className="rounded-xl" /> : null}</div>
        <div className="min-w-0">
          <p className="text-xs font-medium uppercase tracking-wide text-accent" data-testid="queue-step-label" data-current={index + 1} data-total={queue.items.length}>{t('deals.queue.step', { current: index + 1, total: queue.items.length })}</p>
          {sku ? (
            <>
              <h2 className="mt-1 text-xl font-bold text-fg sm:text-2xl" data-testid="queue-game-name">
                {pickText(sku.sku_names, language)}
              </h2>
              <Price listPrice={sku.list_price} salePrice={sku.sale_price} currency={sku.currency} size="md" className="mt-2" />
              <Link to={paths.sku(sku.id)} className="mt-2 inline-block text-sm text-muted underline-offset-4 hover:text-accent-strong hover:underline">
                {t('deals.queue.open_game')}
              </Link>
              <EditionPreview skuId={sku.id} />
            </>
          ) : (
            <p className="mt-2 text-sm text-muted">{t('deals.queue.game_unavailable')}</p>
          )}
          <div className="mt-5">
            {/* The server counts a game as seen once it has answered this step (GET queue_skus): not before. */}
            <Button onClick={onNext} loading={busy || step.isPending} disabled={!step.isSuccess} data-testid={last ? 'queue-finish' : 'queue-next'}>
              {last ? t('deals.queue.finish') : t('deals.queue.next')}
            </Button>
          </div>
        </div>
      </div>
    </article>
  );
}

function QueueBody({ queue }: { queue: ExploringQueue }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data: me } = useMe();
  const start = useStartQueue();
  const update = useUpdateQueue();
  const [message, setMessage] = useState<string | null>(null);
  const live = queue.status === 'current' && !queue.closed;
  const progress = me ? queue.progress : null;
  const viewed = progress?.viewed_item_ids ?? [];
  // The first game not seen yet; when all are seen but the run is not completed (a refused completion), the last.
  const current = queue.items.find((i) => !viewed.includes(i.id)) ?? queue.items[queue.items.length - 1];
  const index = current ? queue.items.indexOf(current) : 0;

  const failed = (error: unknown) => {
    const reason = isApiError(error) ? Object.values(error.errors).flat()[0] : undefined;
    setMessage(reason === 'not_completed' || reason === 'completed' || reason === 'inactive' ? t(`deals.queue.reasons.${reason}`) : errorToText(t, error));
  };

  const next = () => {
    if (!current) return;
    setMessage(null);
    const seen = [...new Set([...viewed, current.id])];
    update.mutate({ id: queue.id, viewed: [current.id], complete: queueComplete(queue.items.map((i) => i.id), seen) }, { onError: failed });
  };

  return (
    <div className="mx-auto max-w-5xl px-4 pb-12 pt-5 sm:px-6 sm:pt-8" data-testid="queue-page" data-queue-id={queue.id}>
      <PageTitle title={pickText(queue.title, language)} />
      <p className="mt-1 text-sm text-muted">
        {t('deals.queue.intro', { count: queue.items.length })} <RewardText queue={queue} />
        {' · '}
        {t('deals.ends_on', { date: formatDate(queue.to_timestamp, language) })}
      </p>
      {progress && !progress.completed ? (
        <div className="mt-4" aria-hidden="true">
          <div className="h-2 overflow-hidden rounded-full bg-ink-800">
            <div className="h-full rounded-full bg-accent transition-all" style={{ width: `${(viewed.length / Math.max(1, queue.items.length)) * 100}%` }} />
          </div>
        </div>
      ) : null}
      {message ? (
        <p role="alert" className="mt-4 rounded-lg bg-danger/10 p-3 text-sm text-danger ring-1 ring-danger/30" data-testid="queue-error">
          {message}
        </p>
      ) : null}

      {progress?.completed ? (
        <div className="mt-6 rounded-2xl bg-success/10 p-6 text-center ring-1 ring-success/30" role="status" data-testid="queue-done">
          <p className="text-lg font-bold text-fg">{t('deals.queue.done_title')}</p>
          <p className="mt-1 text-sm text-success" data-testid="queue-reward">
            <RewardText queue={queue} />
          </p>
          <Link to={queue.reward.kind === 'points' ? paths.points : paths.coupons} className={buttonClass('secondary', 'md') + ' mt-4'}>
            {queue.reward.kind === 'points' ? t('deals.queue.see_points') : t('deals.queue.see_coupons')}
          </Link>
        </div>
      ) : !live ? (
        <p role="status" className="mt-6 rounded-lg bg-ink-850 p-3 text-sm text-muted ring-1 ring-ink-700">
          {queue.status === 'not_start' ? t('deals.not_started') : t('deals.ended')}
        </p>
      ) : progress && current ? (
        <QueueStep key={current.id} queue={queue} itemId={current.id} index={index} onNext={next} busy={update.isPending} />
      ) : (
        <div className="mt-6">
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-9" aria-label={t('deals.queue.games')}>
            {queue.items.map((i) =>
              i.sku ? (
                <li key={i.id}>
                  <Cover src={i.sku.sku_covers.vertical} shape="vertical" alt={pickText(i.sku.sku_names, language)} className="rounded-lg" />
                </li>
              ) : null,
            )}
          </ul>
          <Button
            className="mt-5"
            size="lg"
            loading={start.isPending}
            data-testid="queue-start"
            onClick={() => (me ? start.mutate(queue.id, { onError: failed }) : openSignIn())}
          >
            {t('deals.queue.start')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** /queues/{id}: start an exploring queue, step through its games, finish for the reward (docs/product/deals.md#exploring-queues). */
export function QueuePage() {
  const { id = '' } = useParams();
  return (
    <ReadPage read={useQueue(id)} title={(q) => q.title}>
      {(q) => <QueueBody queue={q} />}
    </ReadPage>
  );
}

