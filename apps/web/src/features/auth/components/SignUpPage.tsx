import { nicknameWeight, NICKNAME_MAX_WEIGHT } from '@lantern/domain';
import type { SessionResponse } from '@lantern/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { normalizeInviteCode } from '@lantern/domain';
import { inviterQuery } from '../api/inviter';
import { deviceId } from '../../../lib/device';
import { paths } from '../../../lib/paths';
import { applyServerErrors, fieldErrorText } from '../../../lib/form';
import { idNumberReason, realNameReason } from '../../../lib/rules';
import { NewPasswordFields } from '../../../ui/NewPasswordFields';
import { useApplySession } from '../../../lib/session';
import { useSite } from '../../../lib/site';
import { Button } from '../../../ui/Button';
import { useCaptcha } from '../../../ui/Captcha';
import { ContactCodeFields } from '../../../ui/ContactCodeFields';
import { Checkbox, FormAlert, TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/Toast';
import { signUp } from '../api/signUp';
import { AuthCard } from './AuthCard';
import { ContactTabs } from './ContactTabs';

type Values = {
  email: string;
  phone_number: string;
  code: string;
  password: string;
  password_confirmation: string;
  nickname: string;
  captcha: string;
  real_name: string;
  credential_num: string;
  tos_agreement: boolean;
};

const FIELDS = ['email', 'phone_number', 'code', 'password', 'password_confirmation', 'nickname', 'captcha', 'real_name', 'credential_num', 'tos_agreement'] as const;

/** /sign_up by e-mail or phone (docs/product/accounts.md#sign-up). The native site also asks real name and ID (anti-addiction). */
export function SignUpPage() {
  const { t } = useTranslation();
  const site = useSite();
  const native = site.area === 'native';
  const applySession = useApplySession();
  const navigate = useNavigate();
  const [by, setBy] = useState<'email' | 'phone'>('email');
  const captcha = useCaptcha(true);
  const [general, setGeneral] = useState<string[]>([]);
  // An invite link (docs/product/engagement.md#invitations) opens this page with ?invite=CODE: the code goes with the sign-up.
  const [params] = useSearchParams();
  const invite = normalizeInviteCode(params.get('invite') ?? '').slice(0, 32);
  const inviter = useQuery({ ...inviterQuery(invite), enabled: invite !== '' });
  const form = useForm<Values>({
    defaultValues: { email: '', phone_number: '', code: '', password: '', password_confirmation: '', nickname: '', captcha: '', real_name: '', credential_num: '', tos_agreement: false },
  });
  const { register, handleSubmit, formState, setError, clearErrors, watch, setValue } = form;
  const e = formState.errors;
  const nickname = watch('nickname');
  const contactField = by === 'email' ? 'email' : 'phone_number';
  const weight = nicknameWeight(nickname);

  const submit = handleSubmit(async (v) => {
    setGeneral([]);
    try {
      const res = await signUp({
        ...(by === 'email' ? { email: v.email.trim() } : { phone_number: v.phone_number.trim() }),
        code: v.code.trim(),
        password: v.password,
        password_confirmation: v.password_confirmation,
        ...(v.nickname.trim() ? { nickname: v.nickname.trim() } : {}),
        ...(native ? { real_name: v.real_name.trim(), credential_type: 'resident_id' as const, credential_num: v.credential_num.trim().toUpperCase(), anti_addiction: true } : {}),
        tos_agreement: v.tos_agreement,
        ...(invite && inviter.data?.inviter ? { invite_code: invite } : {}),
        device_id: deviceId(),
        captcha_id: captcha.id ?? undefined,
        captcha: v.captcha.trim(),
      });
      toast.success(t('auth.sign_up_success'));
      if (res && typeof res === 'object' && 'account' in res) {
        applySession(res as SessionResponse);
        navigate(paths.root, { replace: true });
      } else {
        navigate(paths.signIn, { replace: true });
      }
    } catch (err) {
      captcha.refresh();
      setValue('captcha', '');
      setGeneral(applyServerErrors(t, err, setError, FIELDS, { login: by === 'email' ? 'email' : 'phone_number', target: by === 'email' ? 'email' : 'phone_number' }));
    }
  });

  return (
    <AuthCard title={t('auth.sign_up_title')} subtitle={t('auth.sign_up_subtitle')} wide>
      {invite && inviter.data?.inviter ? (
        <div className="mb-4" data-testid="sign-up-invite">
          <FormAlert tone="info">{t('invites.invited_by', { nickname: inviter.data.inviter.nickname, code: invite })}</FormAlert>
        </div>
      ) : null}
      {invite && inviter.isError ? (
        <div className="mb-4" data-testid="sign-up-invite-unknown">
          <FormAlert tone="info">{t('invites.not_found')}</FormAlert>
        </div>
      ) : null}
      <ContactTabs
        value={by}
        onChange={(v) => {
          setBy(v);
          clearErrors();
          setGeneral([]);
        }}
        label={t('auth.sign_up_method')}
        tabs={[
          ['email', t('auth.tab_email')],
          ['phone', t('auth.tab_phone_sign_up')],
        ]}
      >
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="sign-up-form">
          <ContactCodeFields
            form={form}
            contact={contactField}
            kind={by}
            purpose="sign_up"
            contactInputProps={by === 'phone' ? { inputMode: 'tel', placeholder: native ? t('auth.phone_placeholder_native') : t('auth.phone_placeholder_abroad') } : undefined}
            captcha={{ field: 'captcha', state: captcha }}
            onSent={() => setGeneral([])}
            onSendErrors={setGeneral}
          />
          <NewPasswordFields form={form} label={t('fields.password')} layout="side-by-side" />
          <TextField
            label={t('fields.nickname')}
            autoComplete="nickname"
            hint={t('auth.nickname_optional')}
            labelAside={
              <span className={weight > NICKNAME_MAX_WEIGHT ? 'text-xs text-danger' : 'text-xs text-subtle'} aria-live="polite">
                {weight}/{NICKNAME_MAX_WEIGHT}
              </span>
            }
            error={fieldErrorText(t, 'nickname', e.nickname)}
            {...register('nickname', {
              validate: (v) => (v.trim() === '' || nicknameWeight(v) <= NICKNAME_MAX_WEIGHT ? true : 'unsafe'),
              onChange: () => clearErrors('nickname'),
            })}
          />
          {native ? (
            <fieldset className="rounded-xl bg-ink-900/60 p-4 ring-1 ring-ink-700">
              <legend className="px-1 text-sm font-semibold text-fg">{t('auth.anti_addiction_title')}</legend>
              <p className="mb-3 text-xs leading-relaxed text-muted">{t('auth.anti_addiction_body')}</p>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label={t('fields.real_name')}
                  autoComplete="name"
                  required
                  error={fieldErrorText(t, 'real_name', e.real_name)}
                  {...register('real_name', { validate: (v) => (native ? (realNameReason(v) ?? true) : true), onChange: () => clearErrors('real_name') })}
                />
                <TextField
                  label={t('fields.credential_num')}
                  autoComplete="off"
                  required
                  maxLength={18}
                  error={fieldErrorText(t, 'credential_num', e.credential_num)}
                  {...register('credential_num', { validate: (v) => (native ? (idNumberReason(v) ?? true) : true), onChange: () => clearErrors('credential_num') })}
                />
              </div>
            </fieldset>
          ) : null}
          <Checkbox
            label={
              <Trans
                t={t}
                i18nKey="auth.tos_agree"
                // In a new tab: reading the terms keeps what was typed here.
                components={{
                  tos: <Link to={paths.terms} target="_blank" className="text-accent underline underline-offset-2" data-testid="sign-up-terms" />,
                  privacy: <Link to={paths.privacy} target="_blank" className="text-accent underline underline-offset-2" data-testid="sign-up-privacy" />,
                }}
              />
            }
            error={fieldErrorText(t, 'tos_agreement', e.tos_agreement)}
            {...register('tos_agreement', { validate: (v) => (v ? true : 'accepted'), onChange: () => clearErrors('tos_agreement') })}
          />
          {general.length ? <FormAlert>{general.join(' ')}</FormAlert> : null}
          <Button type="submit" size="lg" block loading={formState.isSubmitting} data-testid="sign-up-submit">
            {t('auth.create_account')}
          </Button>
          <p className="text-center text-sm text-muted">
            {t('auth.have_account')}{' '}
            <Link to={paths.signIn} className="font-semibold text-accent hover:underline">
              {t('auth.sign_in')}
            </Link>
          </p>
        </form>
      </ContactTabs>
    </AuthCard>
  );
}
