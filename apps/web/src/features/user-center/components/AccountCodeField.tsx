import type { Me } from '@lantern/contract';
import { useState } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../../lib/form';
import { SendCodeButton } from '../../../ui/SendCodeButton';
import { CodeField } from '../../../ui/CodeField';

type Channel = 'Sms' | 'Email';

/** The contacts a proof code can go to: only those already bound (the server picks the address itself). */
export function proofChannels(me: Me): Channel[] {
  const channels: Channel[] = [];
  if (me.phone_number_asterisks) channels.push('Sms');
  if (me.email_asterisks) channels.push('Email');
  return channels;
}

/**
 * Proof of the account by a code (purpose `reauthenticate`) sent to a contact already bound to it — the way an
 * account without a password shows it is its owner's before setting one (a session alone is not enough). The
 * code goes to the bound phone, or the bound e-mail; with both, the owner may switch.
 */
export function AccountCodeField({
  me, error, inputProps, onSendErrors,
}: {
  me: Me;
  error: FieldError | undefined;
  inputProps: UseFormRegisterReturn;
  onSendErrors: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const channels = proofChannels(me);
  const [channel, setChannel] = useState<Channel>(channels[0] ?? 'Sms');
  const other = channels.find((c) => c !== channel);
  const where = channel === 'Sms' ? me.phone_number_asterisks : me.email_asterisks;
  return (
    <div className="flex flex-col gap-1.5" data-testid="account-code">
      <CodeField
        label={t('prompts.account_code')}
        hint={t(channel === 'Sms' ? 'prompts.account_code_hint_phone' : 'prompts.account_code_hint_email', { contact: where })}
        error={fieldErrorText(t, 'account_code', error)}
        trailing={
          <SendCodeButton key={channel} type={channel} purpose="reauthenticate" getTarget={() => where ?? null} onError={onSendErrors} />
        }
        {...inputProps}
      />
      {other ? (
        <button type="button" className="self-start text-xs font-medium text-accent hover:underline" onClick={() => setChannel(other)} data-testid="account-code-switch">
          {t(other === 'Sms' ? 'prompts.account_code_to_phone' : 'prompts.account_code_to_email')}
        </button>
      ) : null}
    </div>
  );
}
