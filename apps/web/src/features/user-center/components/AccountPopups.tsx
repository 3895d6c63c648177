import type { Me } from '@lantern/contract';
import { isNicknameSafe, nicknameWeight, NICKNAME_MAX_WEIGHT } from '@lantern/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { applyServerErrors, fieldErrorText } from '../../../lib/form';
import { codeReason, passwordReason } from '../../../lib/rules';
import { NewPasswordField } from '../../../ui/NewPasswordField';
import { Button } from '../../../ui/Button';
import { FormActions } from '../../../ui/FormActions';
import { Modal } from '../../../ui/Modal';
import { ContactCodeFields } from '../../../ui/ContactCodeFields';
import { CurrentPasswordField } from '../../../ui/CurrentPasswordField';
import { FormAlert, SelectField, TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/Toast';
import { useCompleteMe } from '../api/completeMe';
import { useUpdateMe } from '../api/updateMe';
import { AccountCodeField, proofChannels } from './AccountCodeField';

export function NicknameCounter({ value }: { value: string }) {
  const w = nicknameWeight(value);
  return (
    <span className={w > NICKNAME_MAX_WEIGHT ? 'text-xs font-medium text-danger' : 'text-xs text-subtle'} aria-live="polite" data-testid="nickname-counter">
      {w}/{NICKNAME_MAX_WEIGHT}
    </span>
  );
}

export const nicknameRule = (v: string) => (isNicknameSafe(v) ? true : v.trim() === '' ? 'blank' : 'unsafe');

type CompleteValues = { phone_number: string; code: string; password: string; current_password: string; account_code: string; nickname: string; gender: 'male' | 'female' | 'secret' };

/**
 * The identification popup (docs/product/screens.md#account-prompts) → PUT /api/me: only what `missing` names (docs/product/accounts.md#account-completion) —
 * phone + code when the account has no phone, a password when it has none — with nickname and gender. The server
 * wants proof of the account besides the session, so a borrowed session cannot take it: the current password
 * when there is one, else a code sent to a contact already bound (`account_code`).
 */
export function CompleteAccountPopup({ me, missing, open, onOpenChange }: { me: Me; missing: readonly ('phone' | 'password')[]; open: boolean; onOpenChange: (o: boolean) => void }) {
  const needsPhone = missing.includes('phone');
  const needsPassword = missing.includes('password');
  // An account without a password proves itself by a code to a contact it already has.
  const provesByCode = needsPassword && proofChannels(me).length > 0;
  const { t } = useTranslation();
  const complete = useCompleteMe();
  const [general, setGeneral] = useState<string[]>([]);
  const form = useForm<CompleteValues>({
    defaultValues: { phone_number: '', code: '', password: '', current_password: '', account_code: '', nickname: isNicknameSafe(me.nickname) ? me.nickname : '', gender: me.gender },
  });
  const { register, handleSubmit, formState, setError, clearErrors, watch } = form;
  const e = formState.errors;
  const submit = handleSubmit(async (v) => {
    setGeneral([]);
    try {
      await complete.mutateAsync({
        ...(needsPhone && { phone_number: v.phone_number.trim(), code: v.code.trim() }),
        ...(needsPassword ? { password: v.password } : { current_password: v.current_password }),
        ...(provesByCode && { account_code: v.account_code.trim() }),
        nickname: v.nickname.trim(),
        gender: v.gender,
      });
      toast.success(t('prompts.complete_success'));
      onOpenChange(false);
    } catch (err) {
      // Without a password, "no proof given" (current_password blank) belongs on the code field.
      const proofAlias: Record<string, string> = provesByCode ? { current_password: 'account_code' } : {};
      setGeneral(applyServerErrors(t, err, setError, ['phone_number', 'code', 'password', 'current_password', 'account_code', 'nickname', 'gender'], { target: 'phone_number', ...proofAlias }));
    }
  });
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('prompts.complete_title')} description={t('prompts.complete_body')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="complete-account-form">
        {needsPhone ? <ContactCodeFields form={form} contact="phone_number" kind="phone" purpose="bind" captcha="none" onSendErrors={setGeneral} /> : null}
        {needsPassword ? (
          <>
            <NewPasswordField
              label={t('fields.new_password')}
              strength={watch('password')}
              error={fieldErrorText(t, 'password', e.password)}
              {...register('password', { validate: (v) => passwordReason(v) ?? true, onChange: () => clearErrors('password') })}
            />
            {provesByCode ? (
              <AccountCodeField
                me={me}
                error={e.account_code}
                inputProps={register('account_code', { validate: (v) => codeReason(v) ?? true, onChange: () => clearErrors('account_code') })}
                onSendErrors={(err) => setGeneral(applyServerErrors(t, err, setError, []))}
              />
            ) : (
              // Nothing bound to send a code to, and a session alone never sets a password: say so rather than
              // let the server refuse a form the owner cannot complete.
              <p className="text-xs leading-relaxed text-muted" data-testid="no-proof-contact">
                {t('prompts.no_proof_contact')}{' '}
                <Link to={paths.feedback} className="font-medium text-accent hover:underline">
                  {t('prompts.contact_support')}
                </Link>
              </p>
            )}
          </>
        ) : (
          <CurrentPasswordField
            error={fieldErrorText(t, 'current_password', e.current_password)}
            {...register('current_password', { validate: (v) => (v ? true : 'blank'), onChange: () => clearErrors('current_password') })}
          />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('fields.nickname')}
            required
            labelAside={<NicknameCounter value={watch('nickname')} />}
            error={fieldErrorText(t, 'nickname', e.nickname)}
            {...register('nickname', { validate: nicknameRule, onChange: () => clearErrors('nickname') })}
          />
          <SelectField label={t('fields.gender')} {...register('gender')}>
            <option value="secret">{t('profile.gender_secret')}</option>
            <option value="male">{t('profile.gender_male')}</option>
            <option value="female">{t('profile.gender_female')}</option>
          </SelectField>
        </div>
        {general.length ? <FormAlert>{general.join(' ')}</FormAlert> : null}
        <FormActions onCancel={() => onOpenChange(false)} submitting={formState.isSubmitting} cancelLabel={t('prompts.later')} />
      </form>
    </Modal>
  );
}

/** The basic-info popup (docs/product/screens.md#account-prompts): an unsafe nickname must be changed → PATCH /api/me. */
export function BasicInfoPopup({ me, open, onOpenChange }: { me: Me; open: boolean; onOpenChange: (o: boolean) => void }) {
  const { t } = useTranslation();
  const update = useUpdateMe();
  const [general, setGeneral] = useState<string[]>([]);
  const { register, handleSubmit, formState, setError, clearErrors, watch } = useForm<{ nickname: string }>({ defaultValues: { nickname: me.nickname } });
  const submit = handleSubmit(async (v) => {
    setGeneral([]);
    try {
      await update.mutateAsync({ nickname: v.nickname.trim() });
      toast.success(t('ui.save_success'));
      onOpenChange(false);
    } catch (err) {
      setGeneral(applyServerErrors(t, err, setError, ['nickname']));
    }
  });
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('prompts.basic_title')} description={t('prompts.basic_body')} size="sm">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" data-testid="basic-info-form">
        <TextField
          label={t('fields.nickname')}
          required
          labelAside={<NicknameCounter value={watch('nickname')} />}
          error={fieldErrorText(t, 'nickname', formState.errors.nickname)}
          {...register('nickname', { validate: nicknameRule, onChange: () => clearErrors('nickname') })}
        />
        {general.length ? <FormAlert>{general.join(' ')}</FormAlert> : null}
        <Button type="submit" block loading={formState.isSubmitting}>
          {t('ui.save')}
        </Button>
      </form>
    </Modal>
  );
}

/** Minors (docs/product/accounts.md#minimum-age): safrv strong means under the minimum age; the store may not be used, and the session ends. */
export function SafrvNotice({ open, onAcknowledge, busy }: { open: boolean; onAcknowledge: () => void; busy?: boolean }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} dismissible={false} size="sm" title={t('prompts.safrv_title')} footer={<Button onClick={onAcknowledge} loading={busy} autoFocus data-testid="safrv-ok">{t('prompts.safrv_ok')}</Button>}>
      <p className="text-sm leading-relaxed text-muted" data-testid="safrv-notice">
        {t('prompts.safrv_body')}
      </p>
    </Modal>
  );
}
