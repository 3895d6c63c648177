import { useState } from 'react';
import { isApiError, type ApiError } from '../lib/api';
import { useCaptcha } from './Captcha';

/** True when a failed code request says the server wants a captcha with it (meta.need_captcha). */
export function asksForCaptcha(e: unknown): e is ApiError {
  return isApiError(e) && (e.meta.need_captcha === true || e.has('captcha'));
}

/** A captcha that appears only once the server asks for it when sending a code (meta.need_captcha). */
export function useOnDemandCaptcha() {
  const [needed, setNeeded] = useState(false);
  const captcha = useCaptcha(needed);
  const [answer, setAnswer] = useState('');
  return {
    needed,
    captcha,
    answer,
    setAnswer,
    /** Call with a send error: true when the server asked for a captcha. */
    onSendError(e: unknown): boolean {
      if (asksForCaptcha(e)) {
        if (needed) captcha.refresh();
        setNeeded(true);
        setAnswer('');
        return true;
      }
      return false;
    },
    params(): { captcha_id?: string; captcha?: string } {
      return needed && captcha.id ? { captcha_id: captcha.id, captcha: answer.trim() } : {};
    },
    /** A captcha answers once: after a send that spent it, show a fresh one. */
    afterSend() {
      if (needed) {
        captcha.refresh();
        setAnswer('');
      }
    },
  };
}
