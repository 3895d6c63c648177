import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { applyServerErrors } from '../../../lib/form';
import { ContactCodeFields } from '../../../ui/ContactCodeFields';
import { toast } from '../../../ui/Toast';
import { unlockAccount } from '../api/recovery';
import { AuthCard } from './AuthCard';
import { AuthFormEnd } from './AuthFormEnd';

type Values = { login: string; code: string };

/** /unlock: a locked account (docs/product/accounts.md#sign-in-throttling) gets a code at its e-mail or phone (purpose unlock), then PUT /api/me/unlock. */
export function UnlockPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [general, setGeneral] = useState<string[]>([]);
  const form = useForm<Values>({ defaultValues: { login: '', code: '' } });
  const { handleSubmit, formState, setError } = form;
  const alias = { email: 'login', phone_number: 'login', target: 'login' };

  const submit = handleSubmit(async (v) => {
    setGeneral([]);
    try {
      await unlockAccount({ login: v.login.trim(), code: v.code.trim() });
      toast.success(t('auth.unlock_success'));
      navigate(paths.signIn, { replace: true });
    } catch (err) {
      setGeneral(applyServerErrors(t, err, setError, ['login', 'code'], alias));
    }
  });

  return (
    <AuthCard title={t('auth.unlock_title')} subtitle={t('auth.unlock_subtitle')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <ContactCodeFields form={form} contact="login" kind="login" purpose="unlock" onSent={() => setGeneral([])} onSendErrors={setGeneral} />
        <AuthFormEnd general={general} submitting={formState.isSubmitting} submitLabel={t('auth.unlock_submit')} />
      </form>
    </AuthCard>
  );
}
