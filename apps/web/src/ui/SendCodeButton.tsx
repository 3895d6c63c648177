import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodePurpose, SendCodeResponse } from '@lantern/contract';
import { sendCode } from '../lib/codes';
import { useCountdown } from '../lib/useCountdown';
import { Button } from './Button';
import { toast } from './Toast';

export interface SendCodeButtonProps {
  type: 'Sms' | 'Email';
  purpose: CodePurpose;
  /** The target to send to, or null when the field is invalid (the caller shows why). */
  getTarget: () => string | null | Promise<string | null>;
  /** Captcha to send along when the server asked for one. */
  getCaptcha?: () => { captcha_id?: string; captcha?: string };
  onError: (error: unknown) => void;
  onSent?: (res: SendCodeResponse) => void;
  disabled?: boolean;
}

/** "Send code": POST /api/message, then a countdown from the server's `resend_after`. */
export function SendCodeButton({ type, purpose, getTarget, getCaptcha, onError, onSent, disabled }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const { left, start, running } = useCountdown();
  const [busy, setBusy] = useState(false);
  const click = async () => {
    const target = await getTarget();
    if (!target) return;
    setBusy(true);
    try {
      const captcha = getCaptcha?.() ?? {};
      const res = await sendCode({ type, target, purpose, ...captcha });
      start(res.resend_after);
      toast.success(t('auth.code_sent'));
      onSent?.(res);
    } catch (e) {
      const retry = (e as { meta?: Record<string, unknown> }).meta?.retry_after;
      if (typeof retry === 'number' && retry > 0) start(retry);
      onError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" className="h-11 w-32 shrink-0" onClick={click} loading={busy} disabled={disabled || running} aria-live="polite" data-testid="send-code">
      {running ? t('auth.resend_in', { seconds: left }) : t('auth.send_code')}
    </Button>
  );
}
