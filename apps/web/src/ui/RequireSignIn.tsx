import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useMe } from '../lib/session';
import { openSignIn } from '../lib/signInStore';
import { Button } from './Button';
import { EmptyState } from './EmptyState';
import { PageSpinner } from './Spinner';
import { UserIcon } from './shellIcons';

/** Pages of the user centre: a guest sees a prompt and the sign-in popup instead. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { data: me, isPending } = useMe();
  const { t } = useTranslation();
  const location = useLocation();
  useEffect(() => {
    if (!isPending && !me) openSignIn();
  }, [isPending, me, location.pathname]);
  if (isPending) return <PageSpinner label={t('ui.loading')} />;
  if (!me)
    return (
      <div className="mx-auto max-w-lg px-4 py-16">
        <EmptyState
          icon={<UserIcon className="size-6" />}
          title={t('auth.need_sign_in_title')}
          body={t('auth.need_sign_in_body')}
          action={<Button onClick={() => openSignIn()}>{t('nav.sign_in')}</Button>}
        />
      </div>
    );
  return <>{children}</>;
}
