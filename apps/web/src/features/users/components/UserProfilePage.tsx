import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../../app/paths';
import { errorPageFor } from '../../../lib/api';
import { Card } from '../../../ui/Card';
import { EmptyState } from '../../../ui/EmptyState';
import { PageSpinner } from '../../../ui/Spinner';
import { buttonClass } from '../../../ui/Button';
import { userQuery, userServiceQuery } from '../api/user';
import { PeopleActions } from './PeopleActions';

/** /users/:id — a public profile. A closed or unknown user goes to /404 (docs/product/screens.md#routes). */
export function UserProfilePage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const valid = /^\d+$/.test(id);
  const user = useQuery({ ...userQuery(id), enabled: valid });
  const service = useQuery({ ...userServiceQuery(id), enabled: valid && user.isSuccess });

  useEffect(() => {
    if (!valid) navigate(paths.notFound, { replace: true });
    else if (user.isError) navigate(errorPageFor(user.error) ?? paths.notFound, { replace: true });
  }, [valid, user.isError, user.error, navigate]);

  if (!user.data) return <PageSpinner label={t('ui.loading')} />;
  const u = user.data;
  const joined = new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'long' }).format(new Date(u.created_at_timestamp * 1000));
  const initial = [...(u.nickname.trim() || '?')][0]!.toUpperCase();
  return (
    <div data-testid="user-profile">
      <div className="relative h-40 overflow-hidden sm:h-52">
        <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(600px_200px_at_20%_100%,rgb(245_165_36/0.35),transparent),radial-gradient(500px_220px_at_90%_0%,rgb(108_182_255/0.25),transparent)]" />
        <div aria-hidden="true" className="absolute inset-0 bg-[linear-gradient(115deg,transparent_0_40%,rgb(255_255_255/0.03)_40%_60%,transparent_60%)]" />
      </div>
      <div className="relative mx-auto max-w-5xl px-4 sm:px-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          {u.avatar_url ? (
            <img src={u.avatar_url} alt="" className="-mt-14 size-28 rounded-2xl object-cover ring-4 ring-ink-950" />
          ) : (
            <span aria-hidden="true" className="-mt-14 grid size-28 shrink-0 place-items-center rounded-2xl bg-gradient-to-br from-accent to-[#e4572e] text-5xl font-black text-accent-ink ring-4 ring-ink-950">
              {initial}
            </span>
          )}
          <div className="min-w-0 flex-1 sm:pt-3">
            <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold text-fg sm:text-3xl">
              {u.nickname}
              {u.role !== 'user' ? <span className="rounded-full bg-info/15 px-2 py-0.5 text-xs font-semibold text-info">{t(`users.role_${u.role}`)}</span> : null}
            </h1>
            <p className="mt-1 text-sm text-muted">{t('users.joined', { date: joined })}</p>
          </div>
          {service.data?.is_self ? (
            <Link to={paths.profile} className={buttonClass('secondary')}>
              {t('users.edit_profile')}
            </Link>
          ) : service.data ? (
            <PeopleActions id={id} />
          ) : null}
        </div>
        <div className="mt-6 grid gap-4 md:grid-cols-[1fr_260px]">
          <Card className="p-5">
            <h2 className="text-sm font-semibold uppercase tracking-wider text-subtle">{t('users.about')}</h2>
            <p className="mt-2 whitespace-pre-line text-fg/90">{u.introduction || t('users.no_introduction')}</p>
          </Card>
          <Card className="p-5">
            <h2 className="text-sm font-semibold uppercase tracking-wider text-subtle">{t('users.details')}</h2>
            <dl className="mt-3 space-y-2 text-sm">
              <div className="flex justify-between gap-3">
                <dt className="text-muted">{t('users.member_since')}</dt>
                <dd className="text-fg">{joined}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-muted">{t('fields.gender')}</dt>
                <dd className="text-fg">{t(`profile.gender_${u.gender}`)}</dd>
              </div>
            </dl>
          </Card>
        </div>
        <div className="mt-6">
          <EmptyState title={t('users.activity_soon')} body={t('users.activity_soon_body')} />
        </div>
      </div>
    </div>
  );
}
