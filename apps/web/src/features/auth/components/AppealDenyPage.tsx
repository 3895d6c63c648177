import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../../lib/paths';
import { queryKeys } from '../../../lib/query-keys';
import { Button } from '../../../ui/Button';
import { FormAlert } from '../../../ui/TextField';
import { AuthCard } from './AuthCard';
import { denyAppeal, fetchDenial } from '../api/appeals';

/**
 * /appeals/deny?token= (docs/product/engagement.md#appeal-deny): an old contact of an account someone appealed for
 * stops the appeal while it waits its hold (or its reset), with the link it was sent.
 */
export function AppealDenyPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const state = useQuery({ queryKey: queryKeys.appeals.denial(token), queryFn: () => fetchDenial(token), enabled: token !== '', retry: false });
  const [done, setDone] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const deny = async () => {
    setBusy(true);
    try {
      await denyAppeal(token);
      setDone(true);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (!token || state.isError) body = <FormAlert>{t('appeals.link_expired')}</FormAlert>;
  else if (state.isPending) body = <p className="text-sm text-muted">{t('ui.loading')}</p>;
  else if (done || state.data.denied) body = <FormAlert tone="success">{t('appeals.denied_done')}</FormAlert>;
  else if (!state.data.can_deny) body = <FormAlert tone="info">{t('appeals.deny_too_late')}</FormAlert>;
  else
    body = (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-fg">{t('appeals.deny_body')}</p>
        {failed ? <FormAlert>{t('appeals.deny_failed')}</FormAlert> : null}
        <Button variant="danger" size="lg" block loading={busy} onClick={deny}>
          {t('appeals.deny_submit')}
        </Button>
      </div>
    );

  return (
    <AuthCard title={t('appeals.deny_title')} subtitle={t('appeals.deny_subtitle')}>
      {body}
      <p className="mt-4 text-center text-sm text-muted">
        <Link to={paths.home} className="text-accent hover:underline">
          {t('appeals.go_home')}
        </Link>
      </p>
    </AuthCard>
  );
}
