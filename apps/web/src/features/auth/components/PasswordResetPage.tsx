import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { applyServerErrors } from '../../../lib/form';
import { NewPasswordFields } from '../../../ui/NewPasswordFields';
import { useSite } from '../../../lib/site';
import { ContactCodeFields } from '../../../ui/ContactCodeFields';
import { toast } from '../../../ui/Toast';
import { resetPassword } from '../api/recovery';
import { AuthCard } from './AuthCard';
import { AuthFormEnd } from './AuthFormEnd';
import { ContactTabs } from './ContactTabs';

type Values = { target: string; code: string; password: string; password_confirmation: string };

/** /password/reset by phone or e-mail: send a code (purpose reset_password), then set a new password. */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const site = useSite();
  const navigate = useNavigate();
  const [by, setBy] = useState<'phone' | 'email'>(site.area === 'native' ? 'phone' : 'email');
  const [general, setGeneral] = useState<string[]>([]);
  const form = useForm<Values>({
    defaultValues: { target: '', code: '', password: '', password_confirmation: '' },
  });
  const { handleSubmit, formState, setError, reset } = form;
  const alias = { email: 'target', phone_number: 'target' };

  const submit = handleSubmit(async (v) => {
    setGeneral([]);
    try {
      await resetPassword(by, {
        ...(by === 'email' ? { email: v.target.trim() } : { phone_number: v.target.trim() }),
        code: v.code.trim(),
        password: v.password,
        password_confirmation: v.password_confirmation,
      });
      toast.success(t('auth.reset_password_success'));
      navigate(paths.signIn, { replace: true });
    } catch (err) {
      setGeneral(applyServerErrors(t, err, setError, ['target', 'code', 'password', 'password_confirmation'], alias));
    }
  });

  return (
    <AuthCard title={t('auth.reset_title')} subtitle={t('auth.reset_subtitle')}>
      <ContactTabs
        value={by}
        onChange={(v) => {
          setBy(v);
          reset();
          setGeneral([]);
        }}
        label={t('auth.reset_method')}
        tabs={[
          ['phone', t('auth.by_phone')],
          ['email', t('auth.by_email')],
        ]}
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <ContactCodeFields
            form={form}
            contact="target"
            kind={by}
            purpose="reset_password"
            onSent={() => setGeneral([])}
            onSendErrors={setGeneral}
          />
          <NewPasswordFields form={form} />
          <AuthFormEnd general={general} submitting={formState.isSubmitting} submitLabel={t('auth.reset_submit')} />
        </form>
      </ContactTabs>
    </AuthCard>
  );
}
