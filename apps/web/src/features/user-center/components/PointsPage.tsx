import { useQuery } from '@tanstack/react-query';
import type { Me } from '@lantern/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { isApiError } from '../../../lib/api';
import { errorToText } from '../../../lib/errors';
import { POINT_DETAILS_PER } from '../../../lib/constants';
import { useMe } from '../../../lib/session';
import { Button } from '../../../ui/Button';
import { PagerButtons } from '../../../ui/Pagination';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { StarIcon } from '../../../ui/icons';
import { Spinner } from '../../../ui/Spinner';
import { toast } from '../../../ui/Toast';
import { isAlreadyCheckedIn, useClockIn } from '../api/clockIn';
import { pointDetailsQuery } from '../api/points';
import { SettingsShell } from './SettingsShell';
import { formatDateTime } from '../../../lib/dates';

function Stat({ label, value, accent }: { label: string; value: number; accent?: boolean }) {
  return (
    <div className="rounded-xl bg-ink-900/70 px-4 py-3 ring-1 ring-ink-700">
      <p className="text-xs text-muted">{label}</p>
      <p className={accent ? 'mt-1 text-2xl font-bold text-accent' : 'mt-1 text-2xl font-bold text-fg'}>{value.toLocaleString()}</p>
    </div>
  );
}

function CheckIn({ me }: { me: Me }) {
  const { t } = useTranslation();
  const checked = me.point.clock_in.checked;
  const m = useClockIn({
    onSuccess: (res) => {
      toast.success(t('points.checked_in', { count: res.score_added }));
    },
    onError: (e) => {
      // A second check-in answers greater_than → "you have been checked".
      if (isAlreadyCheckedIn(e)) toast.prompt(t('points.already_checked'));
      else toast.fail(isApiError(e) && e.status >= 500 ? t('errors.server_error') : errorToText(t, e));
    },
  });
  return (
    <Card className="relative overflow-hidden p-5 sm:p-6">
      <div aria-hidden="true" className="pointer-events-none absolute -right-16 -top-16 size-56 rounded-full bg-accent/15 blur-3xl" />
      <div className="relative flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold text-fg">{t('points.check_in_title')}</h2>
          <p className="mt-1 text-sm text-muted">{checked ? t('points.check_in_done') : t('points.check_in_body')}</p>
        </div>
        <Button size="lg" onClick={() => m.mutate()} loading={m.isPending} data-testid="check-in" variant={checked ? 'secondary' : 'primary'}>
          {checked ? t('points.checked') : t('points.check_in')}
        </Button>
      </div>
      <div className="relative mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label={t('points.score')} value={me.point.score} accent />
        <Stat label={t('points.total_score')} value={me.point.total_score} />
        <Stat label={t('points.history_score')} value={me.point.history_score} />
        <Stat label={t('points.xp')} value={me.point.xp} />
      </div>
    </Card>
  );
}

function Records() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useQuery(pointDetailsQuery(page));
  const total = q.data?.meta.total_count ?? 0;
  const pages = Math.max(1, Math.ceil(total / (q.data?.meta.per ?? POINT_DETAILS_PER)));
  return (
    <Card className="mt-6">
      <div className="flex items-center justify-between border-b border-ink-700 px-5 py-4">
        <h2 className="font-semibold text-fg">{t('points.records')}</h2>
        {q.isFetching ? <Spinner label={t('ui.loading')} className="text-muted" /> : null}
      </div>
      {q.isError ? (
        <p className="px-5 py-8 text-center text-sm text-danger">{errorToText(t, q.error)}</p>
      ) : q.data && q.data.point_details.length === 0 ? (
        <div className="p-5">
          <EmptyState icon={<StarIcon className="size-6" />} title={t('points.no_records')} body={t('points.no_records_body')} />
        </div>
      ) : (
        <>
        {q.data ? (
          // The records add up to the available points; what they do not explain came before records were kept.
          <p className="border-b border-ink-700 px-5 py-2 text-xs text-muted" data-testid="point-records-sum">
            {t('points.records_sum', { score: q.data.meta.score.toLocaleString() })}
          </p>
        ) : null}
        <ul className="divide-y divide-ink-700" data-testid="point-records">
          {(q.data?.point_details ?? []).map((d) => (
            <li key={d.id} className="flex items-center justify-between gap-3 px-5 py-3">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-fg">{t(`points.reason_${d.reason}`, { defaultValue: d.reason })}</p>
                <p className="text-xs text-subtle">{formatDateTime(d.created_at_timestamp, i18n.language)}</p>
              </div>
              <span className={d.kind === 'produce' ? 'font-semibold tabular-nums text-success' : 'font-semibold tabular-nums text-danger'}>
                {d.kind === 'produce' ? '+' : '−'}
                {Math.abs(d.real_score)}
              </span>
            </li>
          ))}
          {q.data && page === pages && q.data.meta.score !== q.data.meta.recorded_score ? (
            <li className="flex items-center justify-between gap-3 px-5 py-3" data-testid="point-opening">
              <p className="text-sm font-medium text-fg">{t('points.opening_balance')}</p>
              <span className="font-semibold tabular-nums text-muted">
                {q.data.meta.score - q.data.meta.recorded_score > 0 ? '+' : '−'}
                {Math.abs(q.data.meta.score - q.data.meta.recorded_score)}
              </span>
            </li>
          ) : null}
        </ul>
        </>
      )}
      <PagerButtons page={page} pages={pages} onPage={setPage} className="border-t border-ink-700 px-5 py-3" />
    </Card>
  );
}

/** /user_center/points: daily check-in and the point records. */
export function PointsPage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  if (!me) return null;
  return (
    <SettingsShell title={t('points.title')} subtitle={t('points.subtitle')}>
      <CheckIn me={me} />
      <Link to={paths.pointsShop} className="mt-4 flex items-center justify-between rounded-xl bg-ink-900/70 px-4 py-3 text-sm font-semibold text-accent ring-1 ring-ink-700 hover:ring-accent/50" data-testid="points-shop-link">
        {t('points.shop_link')} <span aria-hidden="true">→</span>
      </Link>
      <Records />
    </SettingsShell>
  );
}
