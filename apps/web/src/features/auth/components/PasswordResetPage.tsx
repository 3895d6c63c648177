import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { applyServerErrors, fieldErrorText } from '../../../lib/form';
import { passwordReason } from '../../../lib/rules';
import { NewPasswordField } from '../../../ui/NewPasswordField';
import { useSite } from '../../../lib/site';
import { Button } from '../../../ui/Button';
import { ContactCodeFields } from '../../../ui/ContactCodeFields';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../ui/Tabs';
import { FormAlert, TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/Toast';
import { resetPassword } from '../api/recovery';
import { AuthCard } from './AuthCard';

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
  const { register, handleSubmit, formState, setError, clearErrors, getValues, reset, watch } = form;
  const e = formState.errors;
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
      <Tabs
        value={by}
        onValueChange={(v) => {
          setBy(v as 'phone' | 'email');
          reset();
          setGeneral([]);
        }}
      >
        <TabsList aria-label={t('auth.reset_method')}>
          <TabsTrigger value="phone">{t('auth.by_phone')}</TabsTrigger>
          <TabsTrigger value="email">{t('auth.by_email')}</TabsTrigger>
        </TabsList>
        <TabsContent value={by}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <ContactCodeFields
          form={form}
          contact="target"
          kind={by}
          purpose="reset_password"
          onSent={() => setGeneral([])}
          onSendErrors={setGeneral}
        />
        <NewPasswordField
          label={t('fields.new_password')}
          strength={watch('password')}
          error={fieldErrorText(t, 'password', e.password)}
          {...register('password', { validate: (v) => passwordReason(v) ?? true, onChange: () => clearErrors('password') })}
        />
        <TextField
          label={t('fields.password_confirmation')}
          type="password"
          autoComplete="new-password"
          required
          error={fieldErrorText(t, 'password_confirmation', e.password_confirmation)}
          {...register('password_confirmation', { validate: (v) => (!v ? 'blank' : v === getValues('password') ? true : 'confirmation'), onChange: () => clearErrors('password_confirmation') })}
        />
        {general.length ? <FormAlert>{general.join(' ')}</FormAlert> : null}
        <Button type="submit" size="lg" block loading={formState.isSubmitting}>
          {t('auth.reset_submit')}
        </Button>
        <p className="text-center text-sm text-muted">
          <Link to={paths.signIn} className="text-accent hover:underline">
            {t('auth.back_to_sign_in')}
          </Link>
        </p>
      </form>
        </TabsContent>
      </Tabs>
    </AuthCard>
  );
}
