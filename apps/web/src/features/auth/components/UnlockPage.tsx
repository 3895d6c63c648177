import { classifyLogin } from '@lantern/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { applyServerErrors, fieldErrorText } from '../../../lib/form';
import { codeReason } from '../../../lib/rules';
import { Button } from '../../../ui/Button';
import { CaptchaField } from '../../../ui/Captcha';
import { SendCodeButton } from '../../../ui/SendCodeButton';
import { FormAlert, TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/Toast';
import { unlockAccount } from '../api/recovery';
import { AuthCard } from './AuthCard';
import { useOnDemandCaptcha } from './CodeCaptcha';

type Values = { login: string; code: string };

/** /unlock: a locked account (spec §4) gets a code at its e-mail or phone (purpose unlock), then PUT /api/me/unlock. */
export function UnlockPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [general, setGeneral] = useState<string[]>([]);
  const cc = useOnDemandCaptcha();
  const { register, handleSubmit, formState, setError, clearErrors, getValues, trigger, watch } = useForm<Values>({ defaultValues: { login: '', code: '' } });
  const e = formState.errors;
  const alias = { email: 'login', phone_number: 'login', target: 'login' };
  const loginReason = (v: string) => {
    if (!v.trim()) return 'blank';
    return classifyLogin(v) === 'nickname' ? 'email_or_phone' : null;
  };

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
        <TextField
          label={t('fields.login_contact')}
          autoComplete="username"
          required
          error={fieldErrorText(t, 'login', e.login)}
          {...register('login', { validate: (v) => loginReason(v) ?? true, onChange: () => clearErrors('login') })}
        />
        {cc.needed ? <CaptchaField captcha={cc.captcha} value={cc.answer} onChange={cc.setAnswer} /> : null}
        <TextField
          label={t('fields.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          error={fieldErrorText(t, 'code', e.code)}
          trailing={
            <SendCodeButton
              type={classifyLogin(watch('login') ?? '') === 'email' ? 'Email' : 'Sms'}
              purpose="unlock"
              getTarget={async () => ((await trigger('login')) ? getValues('login').trim() : null)}
              getCaptcha={cc.params}
              onSent={() => {
                cc.afterSend();
                setGeneral([]);
              }}
              onError={(err) => {
                cc.onSendError(err);
                setGeneral(applyServerErrors(t, err, setError, ['login'], alias));
              }}
            />
          }
          {...register('code', { validate: (v) => codeReason(v) ?? true, onChange: () => clearErrors('code') })}
        />
        {general.length ? <FormAlert>{general.join(' ')}</FormAlert> : null}
        <Button type="submit" size="lg" block loading={formState.isSubmitting}>
          {t('auth.unlock_submit')}
        </Button>
        <p className="text-center text-sm text-muted">
          <Link to={paths.signIn} className="text-accent hover:underline">
            {t('auth.back_to_sign_in')}
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
