import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { useMe } from '../../../lib/session';
import { Card } from '../../../ui/Card';
import { toast } from '../../../ui/Toast';
import { IdentificationForm } from './IdentificationForm';
import { IdentifiedState, isIdentified } from './IdentifiedState';
import { SettingsShell } from './SettingsShell';

/** /setting/security/auth: the real-name form, or the identified state (masked name and number). */
export function SecurityAuthPage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const navigate = useNavigate();
  if (!me) return null;
  return (
    <SettingsShell title={t('identification.title')} subtitle={t('identification.subtitle')}>
      <Card className="max-w-xl p-5 sm:p-6">
        {isIdentified(me) ? (
          <IdentifiedState me={me} />
        ) : (
          <IdentificationForm
            onDone={() => {
              toast.success(t('identification.success'));
              navigate(paths.securityAuth, { replace: true });
            }}
          />
        )}
      </Card>
    </SettingsShell>
  );
}
