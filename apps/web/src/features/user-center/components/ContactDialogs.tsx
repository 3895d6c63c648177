import type { Me } from '@lantern/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, fieldErrorText } from '../../../lib/form';
import { FormActions } from '../../../ui/FormActions';
import { ContactCodeFields } from '../../../ui/ContactCodeFields';
import { Modal } from '../../../ui/Modal';
import { CurrentPasswordField } from '../../../ui/CurrentPasswordField';
import { FormAlert } from '../../../ui/TextField';
import { toast } from '../../../ui/Toast';
import { useSaveContact } from '../api/saveContact';
import { useUnbindPhone } from '../api/unbindPhone';

type ContactValues = { target: string; code: string; password: string };

/**
 * Bind (POST) or change (PATCH) the account's e-mail or phone: a code sent to the new address (purpose
 * `bind`) proves the address, the current password proves the account — a session alone is not enough.
 */
export function ContactDialog({ kind, mode, open, onOpenChange }: { kind: 'email' | 'phone'; mode: 'bind' | 'change'; open: boolean; onOpenChange: (o: boolean) => void }) {
  const { t } = useTranslation();
  const save = useSaveContact();
  const [general, setGeneral] = useState<string[]>([]);
  const form = useForm<ContactValues>({ defaultValues: { target: '', code: '', password: '' } });
  const { register, handleSubmit, formState, setError, clearErrors, reset } = form;
  const e = formState.errors;
  const field = kind === 'email' ? 'email' : 'phone_number';
  const alias = { email: 'target', phone_number: 'target' };

  const submit = handleSubmit(async (v) => {
    setGeneral([]);
    try {
      await save.mutateAsync({
        kind,
        mode,
        account: {
          ...(kind === 'email' ? { email: v.target.trim() } : { phone_number: v.target.trim() }),
          code: v.code.trim(),
          password: v.password,
        },
      });
      toast.success(t(mode === 'bind' ? 'security.bind_success' : 'security.change_success'));
      reset();
      onOpenChange(false);
    } catch (err) {
      setGeneral(applyServerErrors(t, err, setError, ['target', 'code', 'password'], alias));
    }
  });

  const title = t(`security.${mode}_${kind}`);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={mode === 'bind' ? `${t('security.bind_reward')} ${t('security.bind_hint')}` : t('security.change_hint')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <ContactCodeFields
          form={form}
          contact="target"
          kind={kind}
          purpose="bind"
          contactLabel={mode === 'change' ? t(`fields.new_${field}`) : t(`fields.${field}`)}
          keepCaptchaAfterSend
          onSendErrors={setGeneral}
        />
        <CurrentPasswordField
          error={fieldErrorText(t, 'current_password', e.password)}
          {...register('password', { validate: (v) => (v ? true : 'blank'), onChange: () => clearErrors('password') })}
        />
        {general.length ? <FormAlert>{general.join(' ')}</FormAlert> : null}
        <FormActions onCancel={() => onOpenChange(false)} submitting={formState.isSubmitting} />
      </form>
    </Modal>
  );
}

type UnbindValues = { phone: string; code: string };

/**
 * Unbind the phone: the user types the bound number (we only hold it masked), gets a code there
 * (purpose unbind), and confirms. The server refuses with `unbind_limit` when the phone is the
 * account's only way in (docs/product/accounts.md#phone-unbind: the refusal shows the unbind limit).
 */
export function UnbindPhoneDialog({ me, open, onOpenChange }: { me: Me; open: boolean; onOpenChange: (o: boolean) => void }) {
  const { t } = useTranslation();
  const unbind = useUnbindPhone();
  const [general, setGeneral] = useState<string[]>([]);
  const form = useForm<UnbindValues>({ defaultValues: { phone: '', code: '' } });
  const { handleSubmit, formState, setError, reset } = form;

  const submit = handleSubmit(async (v) => {
    setGeneral([]);
    try {
      await unbind.mutateAsync(v.code.trim());
      toast.success(t('security.unbind_success'));
      reset();
      onOpenChange(false);
    } catch (err) {
      setGeneral(applyServerErrors(t, err, setError, ['code'], { phone_number: 'phone', target: 'phone' }));
    }
  });

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('security.unbind_phone')} description={t('security.unbind_hint', { phone: me.phone_number_asterisks ?? '' })}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <ContactCodeFields form={form} contact="phone" kind="phone" purpose="unbind" keepCaptchaAfterSend onSendErrors={setGeneral} />
        {general.length ? <FormAlert>{general.join(' ')}</FormAlert> : null}
        <FormActions onCancel={() => onOpenChange(false)} submitting={formState.isSubmitting} submitLabel={t('security.unbind')} submitVariant="danger" />
      </form>
    </Modal>
  );
}
