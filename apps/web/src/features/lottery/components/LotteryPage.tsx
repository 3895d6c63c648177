import type { LotteryActivity, LotteryPrize, LotteryRecord } from '@lantern/contract';
import { formatProbability } from '@lantern/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Avatar } from '../../../ui/Avatar';
import { paths } from '../../../lib/paths';
import { formatDateTime } from '../../../lib/dates';
import { errorToText } from '../../../lib/errors';
import { formatDate, pickText, useLanguage } from '../../../lib/localize';
import { useMe } from '../../../lib/session';
import { openSignIn } from '../../../lib/signInStore';
import { Button, buttonClass } from '../../../ui/Button';
import { cn } from '../../../ui/cn';
import { formatMoney } from '../../../ui/Money';
import { useDraw, useLottery, useLotteryInfo, useLotteryWinners, useMyLotteryRecords } from '../api/lottery';
import { PageTitle } from '../../../ui/PageTitle';
import { ReadPage } from '../../../ui/ReadPage';

const reducedMotion = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** How long the highlight runs round the prizes before it lands (none when the reader asks for less motion). */
const SPIN_MS = 1200;
const STEP_MS = 90;

function PrizeValue({ prize, activity }: { prize: LotteryPrize; activity: LotteryActivity }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (prize.kind === 'points') return <>{t('lottery.points', { count: prize.points ?? 0 })}</>;
  return <>{formatMoney(prize.value, activity.currency, language)}</>;
}

/** The prizes as tiles: what each is, its probability and stock; the highlight runs over them while drawing. */
function PrizeGrid({ activity, lit, won }: { activity: LotteryActivity; lit: number | null; won: number | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t('lottery.prizes')} data-testid="lottery-prizes">
      {activity.prizes.map((prize) => (
        <li
          key={prize.id}
          data-testid="lottery-prize"
          data-prize-id={prize.id}
          className={cn(
            'flex min-h-28 flex-col justify-between rounded-xl bg-ink-850 p-3 ring-1 ring-ink-700 transition-colors',
            lit === prize.id && 'bg-accent/20 ring-2 ring-accent',
            won === prize.id && 'bg-success/15 ring-2 ring-success',
            prize.left_count === 0 && 'opacity-60',
          )}
        >
          <div>
            <p className="text-xs font-medium uppercase tracking-wide text-accent">{t(`lottery.kinds.${prize.kind}`)}</p>
            <p className="mt-1 font-semibold text-fg">{pickText(prize.title, language)}</p>
            {prize.kind === 'points' ? null : (
              <p className="text-xs text-muted">
                <PrizeValue prize={prize} activity={activity} />
              </p>
            )}
          </div>
          <dl className="mt-2 grid grid-cols-2 gap-x-2 text-xs">
            <dt className="text-muted">{t('lottery.probability')}</dt>
            <dd className="text-right font-semibold text-fg" data-testid="lottery-probability">{formatProbability(prize.probability)}</dd>
            <dt className="text-muted">{t('lottery.stock')}</dt>
            <dd className="text-right text-fg" data-testid="lottery-stock">{t('lottery.stock_value', { left: prize.left_count, total: prize.total_count })}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function RecordList({ records, testId, empty, showAccount }: { records: LotteryRecord[]; testId: string; empty: string; showAccount: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (records.length === 0) return <p className="text-sm text-muted">{empty}</p>;
  return (
    <ul className="divide-y divide-ink-800 rounded-xl bg-ink-900 ring-1 ring-ink-700" data-testid={testId}>
      {records.map((r) => (
        <li key={r.id} className="flex items-center gap-3 px-3 py-2" data-testid={`${testId}-item`}>
          {showAccount ? <Avatar name={r.account?.nickname ?? '?'} url={r.account?.avatar} size={28} /> : null}
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm text-fg">
              {showAccount ? <span className="font-medium">{r.account?.nickname ?? t('lottery.someone')} </span> : null}
              {showAccount ? t('lottery.won', { prize: pickText(r.lottery_prize.title, language) }) : t('lottery.my_won', { prize: pickText(r.lottery_prize.title, language) })}
            </p>
            <p className="text-xs text-muted">
              {formatDateTime(r.created_at_timestamp, language)}
              {r.claim ? ` · ${r.claim.state === 'to_ship' ? t('lottery.claim_to_ship') : t('lottery.claim_address_needed')}` : ''}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function LotteryBody({ activity }: { activity: LotteryActivity }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data: me } = useMe();
  const signedIn = Boolean(me);
  const info = useLotteryInfo(activity.id, signedIn);
  const mine = useMyLotteryRecords(activity.id, signedIn);
  const winners = useLotteryWinners(activity.id);
  const draw = useDraw(activity.id);
  const [lit, setLit] = useState<number | null>(null);
  const [won, setWon] = useState<LotteryRecord | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  // The drawing flag (docs/product/deals.md#lottery-page): true from the click until the answer and its animation are done.
  const [drawing, setDrawing] = useState(false);
  const timer = useRef<number | null>(null);
  useEffect(() => () => {
    if (timer.current !== null) window.clearInterval(timer.current);
  }, []);
  const live = activity.status === 'current';
  const inStock = activity.prizes.filter((p) => p.left_count > 0);

  const start = () => {
    if (!signedIn) {
      openSignIn();
      return;
    }
    setMessage(null);
    setWon(null);
    setDrawing(true);
    const motion = !reducedMotion() && inStock.length > 1;
    const began = Date.now();
    let step = 0;
    if (motion) {
      timer.current = window.setInterval(() => {
        step += 1;
        setLit(inStock[step % inStock.length]!.id);
      }, STEP_MS);
    }
    const stop = () => {
      if (timer.current !== null) window.clearInterval(timer.current);
      timer.current = null;
      setLit(null);
      setDrawing(false);
    };
    draw.mutate(undefined, {
      onSuccess: (result) => {
        const land = () => {
          stop();
          setWon(result.lottery_record);
        };
        const rest = motion ? Math.max(0, SPIN_MS - (Date.now() - began)) : 0;
        if (rest > 0) window.setTimeout(land, rest);
        else land();
      },
      onError: (error) => {
        stop();
        setMessage(errorToText(t, error));
      },
    });
  };

  const userInfo = info.data;
  return (
    <div className="mx-auto max-w-5xl px-4 pb-12 pt-5 sm:px-6 sm:pt-8" data-testid="lottery-page" data-lottery-id={activity.id}>
      <PageTitle title={pickText(activity.title, language)} />
      {pickText(activity.description, language) ? <p className="mt-1 text-sm text-muted">{pickText(activity.description, language)}</p> : null}
      <p className="mt-1 text-sm text-muted">
        {activity.status === 'not_start'
          ? t('lottery.starts_on', { date: formatDate(activity.from_timestamp, language) })
          : activity.status === 'end'
            ? t('deals.ended')
            : t('deals.ends_on', { date: formatDate(activity.to_timestamp, language) })}
        {activity.mode === 'points' ? ` · ${t('lottery.cost', { count: activity.cost_points })}` : ''}
      </p>

      <section aria-labelledby="lottery-draw" className="mt-6">
        <h2 id="lottery-draw" className="sr-only">{t('lottery.draw_title')}</h2>
        <PrizeGrid activity={activity} lit={lit} won={won?.lottery_prize_id ?? null} />
        <div className="mt-5 flex flex-wrap items-center gap-4">
          {activity.mode === 'points' ? (
            <Button size="lg" onClick={start} loading={drawing} disabled={!live || drawing} data-testid="lottery-draw" aria-busy={drawing}>
              {drawing ? t('lottery.drawing') : t('lottery.draw', { count: activity.cost_points })}
            </Button>
          ) : (
            <p className="text-sm text-muted">{t('lottery.order_mode')}</p>
          )}
          {userInfo ? (
            <p className="text-sm text-muted" data-testid="lottery-user-info">
              {t('lottery.my_points', { count: userInfo.score })}
              {userInfo.left_today !== null ? ` · ${t('lottery.left_today', { count: userInfo.left_today })}` : ''}
              {userInfo.left_draws !== null ? ` · ${t('lottery.left_draws', { count: userInfo.left_draws })}` : ''}
            </p>
          ) : !signedIn ? (
            <p className="text-sm text-muted">{t('lottery.sign_in_to_draw')}</p>
          ) : null}
        </div>
        <div aria-live="polite">
          {won ? (
            <div className="mt-4 rounded-2xl bg-success/10 p-4 ring-1 ring-success/30" role="status" data-testid="lottery-result">
              <p className="text-lg font-bold text-fg">{t('lottery.you_won', { prize: pickText(won.lottery_prize.title, language) })}</p>
              <Link to={won.lottery_prize.kind === 'coupon' ? paths.coupons : won.lottery_prize.kind === 'points' ? paths.points : paths.orders} className={buttonClass('secondary', 'sm') + ' mt-2'}>
                {t(`lottery.see_${won.lottery_prize.kind}`)}
              </Link>
            </div>
          ) : null}
          {message ? (
            <p role="alert" className="mt-4 rounded-lg bg-danger/10 p-3 text-sm text-danger ring-1 ring-danger/30" data-testid="lottery-error">
              {message}
            </p>
          ) : null}
        </div>
      </section>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="lottery-mine">
          <h2 id="lottery-mine" className="mb-2 text-lg font-semibold text-fg">{t('lottery.my_records')}</h2>
          {signedIn ? (
            <RecordList records={mine.data?.lottery_records ?? []} testId="lottery-my-records" empty={t('lottery.no_records')} showAccount={false} />
          ) : (
            <p className="text-sm text-muted">{t('lottery.sign_in_to_draw')}</p>
          )}
        </section>
        <section aria-labelledby="lottery-winners">
          <h2 id="lottery-winners" className="mb-2 text-lg font-semibold text-fg">{t('lottery.recent_winners')}</h2>
          <RecordList records={winners.data?.accounts_lottery_prizes ?? []} testId="lottery-winners" empty={t('lottery.no_winners')} showAccount />
        </section>
      </div>

      <section aria-labelledby="lottery-fairness" className="mt-8 rounded-xl bg-ink-900 p-4 ring-1 ring-ink-700" data-testid="lottery-fairness">
        <h2 id="lottery-fairness" className="text-base font-semibold text-fg">{t('lottery.fairness_title')}</h2>
        <p className="mt-1 text-sm text-muted">{t('lottery.fairness_body')}</p>
        <p className="mt-2 text-xs text-muted">{t('lottery.seed_hash')}</p>
        <code className="block break-all text-xs text-fg" data-testid="lottery-seed-hash">{activity.seed_hash}</code>
        {activity.seed ? (
          <>
            <p className="mt-2 text-xs text-muted">{t('lottery.seed')}</p>
            <code className="block break-all text-xs text-fg" data-testid="lottery-seed">{activity.seed}</code>
          </>
        ) : (
          <p className="mt-2 text-xs text-muted">{t('lottery.seed_hidden')}</p>
        )}
      </section>
    </div>
  );
}

/** /lottery/{id}: a lottery's prizes with their odds and stock, the draw, my records and the recent winners (docs/product/deals.md#lotteries). */
export function LotteryPage() {
  const { id = '' } = useParams();
  const lottery = useLottery(id);
  return (
    <ReadPage read={lottery} title={(l) => l.title} missing={lottery.isSuccess && lottery.data === null}>
      {(l) => <LotteryBody activity={l} />}
    </ReadPage>
  );
}
