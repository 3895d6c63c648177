import { useState } from 'react';
import { isApiError } from '../../../lib/api';
import { useCaptcha } from '../../../ui/Captcha';

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
      if (isApiError(e) && (e.meta.need_captcha === true || e.has('captcha'))) {
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
    afterSend() {
      if (needed) {
        captcha.refresh();
        setAnswer('');
      }
    },
  };
}
