import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { useMe } from '../../../lib/session';
import { Button, buttonClass } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { cn } from '../../../ui/cn';
import { ContactDialog, UnbindPhoneDialog } from './ContactDialogs';
import { IdentificationModal } from './IdentificationModal';
import { isIdentified } from './IdentifiedState';
import { SettingsShell } from './SettingsShell';
import { formatDateTime } from '../../../lib/dates';

function Row({ title, value, ok, actions, testId }: { title: ReactNode; value: ReactNode; ok: boolean; actions: ReactNode; testId: string }) {
  return (
    <li className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between" data-testid={testId}>
      <div className="flex min-w-0 items-center gap-3">
        <span aria-hidden="true" className={cn('size-2.5 shrink-0 rounded-full', ok ? 'bg-success' : 'bg-accent')} />
        <div className="min-w-0">
          <p className="text-sm font-semibold text-fg">{title}</p>
          <p className="truncate text-sm text-muted">{value}</p>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2 pl-5.5 sm:pl-0">{actions}</div>
    </li>
  );
}

type Dialog = null | { kind: 'email' | 'phone'; mode: 'bind' | 'change' } | 'unbind' | 'identify';

/** /setting/security: e-mail, phone, real-name and password state, with their actions. */
export function SecurityPage() {
  const { t, i18n } = useTranslation();
  const { data: me } = useMe();
  const [dialog, setDialog] = useState<Dialog>(null);
  if (!me) return null;
  const identified = isIdentified(me);
  const close = (o: boolean) => {
    if (!o) setDialog(null);
  };
  // A contact's row: masked when bound, with "bind" or "change", then whatever else the contact offers.
  const contactRow = (kind: 'email' | 'phone', title: string, masked: string | null | undefined, more?: ReactNode) => (
    <Row
      testId={`security-${kind}`}
      title={title}
      ok={!!masked}
      value={masked ?? t('security.not_bound')}
      actions={
        <>
          <Button size="sm" variant="secondary" onClick={() => setDialog({ kind, mode: masked ? 'change' : 'bind' })}>
            {masked ? t('security.change') : t('security.bind')}
          </Button>
          {more}
        </>
      }
    />
  );
  return (
    <SettingsShell title={t('security.title')} subtitle={t('security.subtitle')}>
      <Card>
        <ul className="divide-y divide-ink-700">
          {contactRow('email', t('fields.email'), me.email_asterisks)}
          {contactRow(
            'phone',
            t('fields.phone_number'),
            me.phone_number_asterisks,
            me.phone_number_asterisks ? (
              <Button size="sm" variant="ghost" onClick={() => setDialog('unbind')}>
                {t('security.unbind')}
              </Button>
            ) : null,
          )}
          <Row
            testId="security-real-name"
            title={t('security.real_name')}
            ok={identified}
            value={identified ? `${me.real_name_asterisks ?? ''} ${me.credential_num_asterisks ?? ''}`.trim() || t('security.identified') : t('security.not_identified')}
            actions={
              identified ? (
                <Link to={paths.securityAuth} className={buttonClass('secondary', 'sm')}>
                  {t('security.view')}
                </Link>
              ) : (
                <>
                  <Button size="sm" onClick={() => setDialog('identify')}>
                    {t('security.identify_now')}
                  </Button>
                  <Link to={paths.securityAuth} className={buttonClass('ghost', 'sm')}>
                    {t('security.open_auth_page')}
                  </Link>
                </>
              )
            }
          />
          <Row
            testId="security-password"
            title={t('fields.password')}
            ok={me.set_password}
            value={me.set_password ? t('security.password_set') : t('security.password_not_set')}
            actions={
              <Link to={paths.passwordReset} className={buttonClass('secondary', 'sm')}>
                {me.set_password ? t('security.reset_password') : t('security.set_password')}
              </Link>
            }
          />
        </ul>
      </Card>
      <p className="mt-4 text-xs text-subtle">{t('security.last_sign_in', { time: me.last_sign_in_at_timestamp ? formatDateTime(me.last_sign_in_at_timestamp, i18n.language) : '—' })}</p>
      {dialog && typeof dialog === 'object' ? <ContactDialog kind={dialog.kind} mode={dialog.mode} open onOpenChange={close} /> : null}
      {dialog === 'unbind' ? <UnbindPhoneDialog me={me} open onOpenChange={close} /> : null}
      {dialog === 'identify' || identified ? <IdentificationModal me={me} open={dialog === 'identify'} onOpenChange={close} /> : null}
    </SettingsShell>
  );
}
