import { signInRequest, type SessionResponse } from '@lantern/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { isApiError } from '../../../lib/api';
import { applyServerErrors, fieldErrorText, formResolver } from '../../../lib/form';
import { phoneReason } from '../../../lib/rules';
import { useApplySession } from '../../../lib/session';
import { useSite } from '../../../lib/site';
import { Button } from '../../../ui/Button';
import { FormCaptchaField, useCaptcha } from '../../../ui/Captcha';
import { CodeField } from '../../../ui/CodeField';
import { SendCodeButton } from '../../../ui/SendCodeButton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../ui/Tabs';
import { CurrentPasswordField } from '../../../ui/CurrentPasswordField';
import { FormAlert, TextField } from '../../../ui/TextField';
import { fastSignIn, signIn } from '../api/signIn';

type Status = { kind: 'idle' } | { kind: 'timeout' } | { kind: 'locked' } | { kind: 'error'; messages: string[] };

export interface SignInFormProps {
  /** Called at once with the new session; the caller shows success and moves on 1 s later. */
  onSignedIn: (session: SessionResponse) => void;
  onNavigate?: () => void;
}

function TimeoutNotice({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" data-testid="sign-in-timeout" className="flex items-center justify-between gap-3 rounded-lg bg-accent/10 px-3 py-2.5 text-sm text-accent ring-1 ring-inset ring-accent/30">
      <span>{t('auth.timeout')}</span>
      <Button size="sm" variant="secondary" onClick={onRetry}>
        {t('ui.retry')}
      </Button>
    </div>
  );
}

function LockedNotice({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <FormAlert>
      <span data-testid="sign-in-locked">
        <Trans
          t={t}
          i18nKey="auth.locked"
          components={{ unlock: <Link to={paths.unlock} onClick={onNavigate} className="font-semibold underline underline-offset-2" /> }}
        />
      </span>
    </FormAlert>
  );
}

/** The end of either tab's form: what the last attempt met (a timeout to retry, a lock, errors), then "sign in". */
function SignInEnd({ status, onRetry, onNavigate, submitting, testId }: { status: Status; onRetry: () => void; onNavigate?: () => void; submitting: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <>
      {status.kind === 'timeout' ? <TimeoutNotice onRetry={onRetry} /> : null}
      {status.kind === 'locked' ? <LockedNotice onNavigate={onNavigate} /> : null}
      {status.kind === 'error' ? <FormAlert>{status.messages.join(' ')}</FormAlert> : null}
      <Button type="submit" size="lg" block loading={submitting} data-testid={testId}>
        {t('auth.sign_in')}
      </Button>
    </>
  );
}

const passwordSchema = signInRequest.shape.access_token;
type PasswordValues = { login: string; password: string; captcha?: string; captcha_id?: string };

function PasswordTab({ onSignedIn, onNavigate }: SignInFormProps) {
  const { t } = useTranslation();
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const captcha = useCaptcha(needCaptcha);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const form = useForm<PasswordValues>({ resolver: formResolver(passwordSchema), defaultValues: { login: '', password: '', captcha: '' } });
  const { register, handleSubmit, formState, setError, clearErrors, setValue } = form;

  const submit = handleSubmit(async (v) => {
    setStatus({ kind: 'idle' });
    if (needCaptcha && !v.captcha?.trim()) {
      setError('captcha', { type: 'validate', message: 'blank' });
      return;
    }
    try {
      const session = await signIn({
        login: v.login.trim(),
        password: v.password,
        ...(needCaptcha && captcha.id ? { captcha_id: captcha.id, captcha: v.captcha?.trim() } : {}),
      });
      onSignedIn(session);
    } catch (e) {
      // A captcha answers once: after any failed attempt that used one, show a fresh image.
      if (needCaptcha) {
        captcha.refresh();
        setValue('captcha', '');
      }
      if (!isApiError(e)) return setStatus({ kind: 'error', messages: [t('errors.unknown', { reason: '' })] });
      if (e.isTimeout) return setStatus({ kind: 'timeout' });
      if (e.status === 403 && e.has('base', 'locked')) return setStatus({ kind: 'locked' });
      if (e.meta.need_captcha === true || e.has('captcha')) setNeedCaptcha(true);
      const general = applyServerErrors(t, e, setError, ['login', 'password', 'captcha']);
      setStatus(general.length ? { kind: 'error', messages: general } : { kind: 'idle' });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t('auth.tab_password')}>
      <TextField
        label={t('fields.login')}
        placeholder={t('auth.login_placeholder')}
        autoComplete="username"
        autoCapitalize="off"
        required
        error={fieldErrorText(t, 'login', formState.errors.login)}
        {...register('login', { onChange: () => clearErrors('login') })}
      />
      <CurrentPasswordField
        label={t('fields.password')}
        labelAside={
          <Link to={paths.passwordReset} onClick={onNavigate} className="text-xs text-accent hover:underline">
            {t('auth.forgot_password')}
          </Link>
        }
        error={fieldErrorText(t, 'password', formState.errors.password)}
        {...register('password', { onChange: () => clearErrors('password') })}
      />
      {needCaptcha ? (
        <FormCaptchaField form={form} captcha={captcha} />
      ) : null}
      <SignInEnd status={status} onRetry={() => void submit()} onNavigate={onNavigate} submitting={formState.isSubmitting} testId="sign-in-submit" />
    </form>
  );
}

type PhoneValues = { phone_number: string; code: string; captcha: string };

function PhoneTab({ onSignedIn, onNavigate }: SignInFormProps) {
  const { t } = useTranslation();
  const site = useSite();
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const captcha = useCaptcha(needCaptcha);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const form = useForm<PhoneValues>({ defaultValues: { phone_number: '', code: '', captcha: '' } });
  const { register, handleSubmit, formState, setError, clearErrors, getValues, trigger } = form;

  const onSendError = (e: unknown) => {
    if (isApiError(e) && (e.meta.need_captcha === true || e.has('captcha'))) {
      if (needCaptcha) captcha.refresh();
      setNeedCaptcha(true);
    }
    const general = applyServerErrors(t, e, setError, ['phone_number', 'captcha'], { target: 'phone_number' });
    setStatus(general.length ? { kind: 'error', messages: general } : { kind: 'idle' });
  };

  const submit = handleSubmit(async (v) => {
    setStatus({ kind: 'idle' });
    try {
      onSignedIn(await fastSignIn({ phone_number: v.phone_number.trim(), code: v.code.trim() }));
    } catch (e) {
      if (!isApiError(e)) return setStatus({ kind: 'error', messages: [t('errors.unknown', { reason: '' })] });
      if (e.isTimeout) return setStatus({ kind: 'timeout' });
      if (e.status === 403 && e.has('base', 'locked')) return setStatus({ kind: 'locked' });
      const general = applyServerErrors(t, e, setError, ['phone_number', 'code']);
      setStatus(general.length ? { kind: 'error', messages: general } : { kind: 'idle' });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t('auth.tab_phone')}>
      <TextField
        label={t('fields.phone_number')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={site.area === 'native' ? t('auth.phone_placeholder_native') : t('auth.phone_placeholder_abroad')}
        required
        error={fieldErrorText(t, 'phone_number', formState.errors.phone_number)}
        {...register('phone_number', { validate: (v) => phoneReason(v, site.area) ?? true, onChange: () => clearErrors('phone_number') })}
      />
      {needCaptcha ? (
        <FormCaptchaField form={form} captcha={captcha} />
      ) : null}
      <CodeField
        error={fieldErrorText(t, 'code', formState.errors.code)}
        trailing={
          <SendCodeButton
            type="Sms"
            purpose="sign_in"
            getTarget={async () => ((await trigger('phone_number')) ? getValues('phone_number').trim() : null)}
            getCaptcha={() => (needCaptcha && captcha.id ? { captcha_id: captcha.id, captcha: getValues('captcha').trim() } : {})}
            onError={onSendError}
          />
        }
        {...register('code', { validate: (v) => (v.trim() ? true : 'blank'), onChange: () => clearErrors('code') })}
      />
      <SignInEnd status={status} onRetry={() => void submit()} onNavigate={onNavigate} submitting={formState.isSubmitting} testId="fast-sign-in-submit" />
    </form>
  );
}

export function SignInSuccess({ nickname }: { nickname: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" data-testid="sign-in-success" className="flex flex-col items-center gap-3 py-8 text-center">
      <span className="grid size-14 place-items-center rounded-full bg-success/15 text-success">
        <svg viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
          <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <p className="text-lg font-semibold text-fg">{t('auth.signed_in')}</p>
      <p className="text-sm text-muted">{t('auth.welcome_back', { nickname })}</p>
    </div>
  );
}

/** The sign-in form with its two tabs; shared by the popup and the /sign_in page. */
export function SignInForm({ onSignedIn, onNavigate }: SignInFormProps) {
  const { t } = useTranslation();
  const applySession = useApplySession();
  const done = (s: SessionResponse) => {
    applySession(s);
    onSignedIn(s);
  };
  return (
    <div>
      <Tabs defaultValue="password">
        <TabsList aria-label={t('auth.sign_in_method')}>
          <TabsTrigger value="password">{t('auth.tab_password')}</TabsTrigger>
          <TabsTrigger value="phone">{t('auth.tab_phone')}</TabsTrigger>
        </TabsList>
        <TabsContent value="password">
          <PasswordTab onSignedIn={done} onNavigate={onNavigate} />
        </TabsContent>
        <TabsContent value="phone">
          <PhoneTab onSignedIn={done} onNavigate={onNavigate} />
        </TabsContent>
      </Tabs>
      <p className="mt-5 text-center text-sm text-muted">
        {t('auth.no_account')}{' '}
        <Link to={paths.signUp} onClick={onNavigate} className="font-semibold text-accent hover:underline">
          {t('auth.create_account')}
        </Link>
      </p>
      <p className="mt-2 text-center text-sm text-muted">
        <Link to={paths.appeals} onClick={onNavigate} className="text-accent hover:underline">
          {t('auth.cant_sign_in')}
        </Link>
      </p>
    </div>
  );
}
