import type { Me } from '@lantern/contract';
import { useTranslation } from 'react-i18next';
import { ShieldIcon } from '../../../ui/icons';

export function IdentifiedState({ me }: { me: Me }) {
  const { t } = useTranslation();
  return (
    <div data-testid="identified-state" className="flex flex-col gap-4">
      <div className="flex items-center gap-3 rounded-xl bg-success/10 px-4 py-3 text-success ring-1 ring-inset ring-success/30">
        <ShieldIcon className="size-6 shrink-0" />
        <div>
          <p className="font-semibold">{t('identification.done_title')}</p>
          <p className="text-sm text-success/90">{t('identification.done_body')}</p>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
        <dt className="text-muted">{t('fields.real_name')}</dt>
        <dd className="font-medium text-fg" data-testid="real-name-masked">{me.real_name_asterisks ?? '—'}</dd>
        <dt className="text-muted">{t('fields.credential_num')}</dt>
        <dd className="font-mono font-medium text-fg" data-testid="credential-masked">{me.credential_num_asterisks ?? '—'}</dd>
      </dl>
    </div>
  );
}

/** Identified means the account holds an ID number (such a user is sent to /setting/security/auth, docs/product/screens.md#identified-redirect). */
export const isIdentified = (me: Me) => me.security_info.is_identification || !!me.credential_num_asterisks;
